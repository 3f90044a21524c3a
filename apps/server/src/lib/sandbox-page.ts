import type { FastifyReply } from 'fastify';
import { AppError } from './errors';

// The pages a sandbox provider shows in place of the customer's phone (the payer's confirm,
// the WeChat scan): a small HTML page on the API's origin, refusals shown as the page's text.

export interface SandboxPage {
  /** The page's title and heading, e.g. 沙箱支付 / 药采沙箱支付. */
  title: string;
  heading: string;
  /** What the sandbox does not do, shown under every page. */
  notice: string;
}

const html = (p: SandboxPage, body: string) => `<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${p.title}</title>
<body style="font-family:sans-serif;text-align:center;padding:40px">
<h2>${p.heading}</h2>${body}
<p style="color:#888">${p.notice}</p></body></html>`;

/** Runs a page's work; an AppError becomes the page's text with its status code. */
export async function sandboxPage(reply: FastifyReply, p: SandboxPage, run: () => Promise<string>) {
  reply.type('text/html; charset=utf-8');
  // The confirm form must name its origin for the CSRF check: under helmet's `no-referrer` the
  // browser sends `Origin: null` with a form POST, so these pages keep same-origin referrers.
  reply.header('referrer-policy', 'same-origin');
  try {
    return html(p, await run());
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    reply.code(e.statusCode);
    const hint = e.statusCode === 401 ? '请先在本浏览器登录药采买家账号，再打开此页面。' : e.message;
    return html(p, `<p>${hint}</p>`);
  }
}
