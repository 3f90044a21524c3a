import { envelope } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { wechatTickets } from '../../db/schema/account';
import { AppError, notFound, notLoggedIn, refusal } from '../../lib/errors';
import { type SandboxPage, sandboxPage } from '../../lib/sandbox-page';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { forgetUserBase } from '../account/user-state';
import { sandboxProvider, type WechatProvider, wechatOpenProvider } from './provider';
import {
  acceptAuthorization,
  completeBind,
  completeLogin,
  completeRegistration,
  createTicket,
  ensureWechatCookieKey,
  identityOf,
  liveTicket,
  newSandboxOpenId,
  openTicket,
  REGISTER_COOKIE,
  sandboxOpenId,
  signIdentity,
  storeOfWechat,
  TICKET_SECONDS,
  type TicketPurpose,
  unbindWechat,
  wechatCookieKey,
} from './service';

/** The poller's cookie: only the browser that asked for a ticket may complete it. */
const TICKET_COOKIE = 'yc_wxt';
/** The sandbox's "WeChat on this phone" (signed openid), set when a store binds in the sandbox. */
const IDENTITY_COOKIE = 'yc_wxid';
const cookiePath = '/api/wechat';

const ticketParams = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: '二维码不存在' }) });
const ticketBody = z.strictObject({
  purpose: z.enum(['bind', 'login', 'register'], { error: '用途不正确' }),
  /** The shop page to come back to after WeChat's redirect (a same-site path). */
  return_to: z
    .string()
    .max(300, { error: '返回地址不正确' })
    // A path on this site: "/" then no second "/" (a protocol-relative //host), no backslash, no
    // space (written without a lookahead, so the schema's JSON pattern is a plain one).
    .regex(/^\/([^/\s\\][^\s\\]*)?$/, { error: '返回地址不正确' })
    .optional(),
});
const ticketView = z.object({
  ticket: z.string(),
  /** What the QR code shows (mode qr): the provider's page for the phone. */
  qr_content: z.string(),
  /** Where the browser goes to authorise (mode redirect: WeChat's QR page, this tab). */
  authorize_url: z.string(),
  mode: z.enum(['qr', 'redirect']),
  expires_in: z.number().int(),
});
const callbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
});

/** The page each purpose returns to when the ticket names none. */
const defaultReturn: Record<TicketPurpose, string> = {
  bind: '/bdwx',
  login: '/login',
  register: '/register/wechat',
};
/** The return page with the ticket to complete (`wx`), any earlier `wx` replaced. */
const returnWith = (path: string, ticket: string) => {
  const url = new URL(path, 'http://return.invalid');
  url.searchParams.set('wx', ticket);
  return `${url.pathname}${url.search}`;
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pollView = z.object({
  /**
   * waiting | bound | logged_in | unbound (login by a WeChat no store has bound) | registering
   * (微信注册: the WeChat is kept for the account the registration will create) | expired
   */
  state: z.enum(['waiting', 'bound', 'logged_in', 'unbound', 'registering', 'expired']),
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const scanPage: SandboxPage = {
  title: '沙箱微信',
  heading: '药采沙箱微信',
  notice: '沙箱环境：模拟微信扫码，不连接真实微信。',
};
const asPage = (reply: FastifyReply, run: () => Promise<string>) => sandboxPage(reply, scanPage, run);
/** The callback's refusal: the reason and the way back to the shop page. */
const callbackPage = (
  message: string,
  back: string,
) => `<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>微信登录</title>
<body style="font-family:sans-serif;text-align:center;padding:40px"><h2>药采 · 微信登录</h2>
<p data-testid="wechat-callback-error">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">返回药采</a></p></body></html>`;

/**
 * 绑定微信, 微信登录 and 微信注册 (spec: /bdwx, /register/wechat, DELETE /api/user/unbind_wechat).
 * The provider is chosen by WECHAT_PROVIDER; `none` answers every ticket with a refusal. One
 * flow for both providers: a ticket (its id the OAuth state, held in this browser's cookie), the
 * provider's authorisation, its code accepted once (acceptAuthorization), the ticket completed
 * once by the browser's poll. `wechat` sends this tab to WeChat's QR page and back through
 * /api/wechat/callback to the shop page, which completes the ticket; the sandbox's scan page
 * (opened in the same browser) stands in for the phone while the shop page polls: a bind scan
 * needs the session of the store that asked, a login scan the signed identity the sandbox left
 * in this browser when it bound.
 */
export const wechatRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  let provider: WechatProvider | undefined;
  let sandbox: ReturnType<typeof sandboxProvider> | undefined;
  if (config.wechatProvider === 'sandbox') {
    if (config.production && !config.wechatSandboxAllowedInProduction)
      throw new Error(
        'WECHAT_PROVIDER=sandbox under NODE_ENV=production: the sandbox lets a browser stand in for WeChat. ' +
          'Configure WECHAT_PROVIDER=none, or ALLOW_SANDBOX_WECHAT=1 for a demo.',
      );
    sandbox = sandboxProvider(await ensureWechatCookieKey(app.db));
    provider = sandbox;
    app.log.warn('wechat provider: sandbox (demo and tests only: scans are simulated in the browser)');
  } else if (config.wechatProvider === 'wechat') {
    if (!config.wechat) throw new Error('WECHAT_PROVIDER=wechat needs WECHAT_APPID and WECHAT_SECRET');
    await ensureWechatCookieKey(app.db);
    provider = wechatOpenProvider(config.wechat, app.log);
    app.log.info({ appid: config.wechat.appId }, 'wechat provider: WeChat Open Platform website login');
  }
  /** Where WeChat sends the browser back: the configured origin, else this request's. */
  const callbackUrl = (request: FastifyRequest) =>
    `${(provider?.name === 'wechat' && (config.wechat?.redirectBase ?? config.trustedOrigins[0])) || originOf(request)}/api/wechat/callback`;
  const tags = ['account'];
  const setCookie = (reply: FastifyReply, name: string, value: string, maxAge: number) =>
    reply.setCookie(name, value, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.cookieSecure,
      maxAge,
    });

  app.post(
    '/wechat/ticket',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A WeChat QR ticket to bind this store or to log in',
        body: ticketBody,
        response: { 200: envelope(ticketView) },
      },
    },
    async (request, reply) => {
      const userId = await request.buyerId();
      if (request.body.purpose === 'bind' && !userId) throw notLoggedIn();
      if (!provider) throw refusal('微信登录暂未开通，请使用手机号登录');
      const ctx = request.visitorCtx();
      const t = await createTicket(
        app.db,
        ctx.now,
        request.body.purpose,
        request.body.purpose === 'bind' ? (userId ?? null) : null,
        request.body.return_to ?? null,
      );
      setCookie(reply, TICKET_COOKIE, t.id, TICKET_SECONDS);
      const authorizeUrl = provider.authorizeUrl(t.id, callbackUrl(request));
      return ok({
        ticket: t.id,
        qr_content: authorizeUrl,
        authorize_url: authorizeUrl,
        mode: provider.mode,
        expires_in: TICKET_SECONDS,
      });
    },
  );

  app.get(
    '/wechat/ticket/:ticket',
    {
      schema: {
        tags,
        summary: 'Poll a ticket; completes the binding or the login once scanned',
        params: ticketParams,
        response: { 200: envelope(pollView) },
      },
    },
    async (request, reply) => {
      if (request.cookies[TICKET_COOKIE] !== request.params.ticket) throw notFound('二维码不存在');
      const now = request.visitorCtx().now;
      const t = await openTicket(app.db, request.params.ticket, now);
      if (t.state === 'waiting')
        return ok({ state: t.expired ? ('expired' as const) : ('waiting' as const) });
      if (t.purpose === 'bind') {
        if ((await request.buyerId()) !== t.userId) throw notFound('二维码不存在');
        await app.db.transaction((tx) => completeBind(tx, t, { ip: request.ip, now }));
        // A write by a GET: the next user/base must say 已绑定 (the shop asks at once).
        forgetUserBase(request);
        return ok({ state: 'bound' as const }, '绑定成功');
      }
      if (t.purpose === 'register') {
        // A WeChat already bound logs in instead.
        if (!t.openId || !(await storeOfWechat(app.db, t.openId))) {
          const openId = await completeRegistration(app.db, t);
          const key = await wechatCookieKey(app.db);
          reply.setCookie(REGISTER_COOKIE, signIdentity(key, openId, 'register'), {
            path: '/api',
            httpOnly: true,
            sameSite: 'lax',
            secure: app.cookieSecure,
            maxAge: 3600,
          });
          return ok({ state: 'registering' as const }, '微信已确认，请完成注册');
        }
      }
      const userId = await completeLogin(app.db, t);
      if (!userId)
        return ok(
          { state: 'unbound' as const },
          '该微信尚未绑定药采账号，请先用手机号登录后在「绑定微信」中绑定',
        );
      await reply.startSession('buyer', { userId, loginAt: Date.now() });
      return ok({ state: 'logged_in' as const }, '登录成功');
    },
  );

  // A store's own call: in a buyerOnly scope (a visitor is told to log in before anything else).
  await app.register(async (scoped) => {
    buyerOnly(scoped);
    scoped.delete(
      '/user/unbind_wechat',
      { schema: { tags, summary: 'Unbind the store’s WeChat', response: { 200: envelope(z.null()) } } },
      async (request) => {
        const ctx = await request.buyerCtx();
        await app.db.transaction((tx) =>
          unbindWechat(tx, ctx.actor.userId, { ip: request.ip, now: ctx.now }),
        );
        return ok(null, '已解除绑定');
      },
    );
  });

  if (!provider) return;
  const live = provider;

  /**
   * The provider's redirect back (WeChat's: ?code&state; ?state alone when the person refused):
   * the code is accepted for the ticket this browser holds, then the browser returns to the shop
   * page, which completes the ticket. A refusal is a page with the reason and a way back.
   */
  app.get(
    '/wechat/callback',
    {
      schema: {
        tags,
        summary: 'WeChat’s redirect back with the authorisation code',
        querystring: callbackQuery,
        produces: ['text/html'],
        // 303 to the shop page, or the refusal's page.
        response: { 200: z.string(), 400: z.string(), 404: z.string() },
      },
    },
    async (request, reply) => {
      const { code, state } = request.query;
      try {
        const t = await acceptAuthorization(app.db, live, {
          state,
          heldTicket: request.cookies[TICKET_COOKIE],
          code,
          now: request.visitorCtx().now,
        });
        return reply.redirect(returnWith(t.returnTo ?? defaultReturn[t.purpose as TicketPurpose], t.id), 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const [t] =
          state && /^[A-Za-z0-9_-]{32}$/.test(state)
            ? await app.db
                .select({ purpose: wechatTickets.purpose, returnTo: wechatTickets.returnTo })
                .from(wechatTickets)
                .where(eq(wechatTickets.id, state))
            : [];
        const back = t?.returnTo ?? (t ? defaultReturn[t.purpose as TicketPurpose] : '/login');
        request.log.info({ status: error.statusCode, reason: error.message }, 'wechat callback refused');
        reply.code(error.statusCode === 404 ? 404 : 400).type('text/html; charset=utf-8');
        return callbackPage(error.message, back);
      }
    },
  );

  if (!sandbox) return;
  const sbx = sandbox;

  /** What the phone shows for a ticket, and the openid its confirmation gives. */
  const scan = async (request: FastifyRequest, ticket: string) => {
    const ctx = request.visitorCtx();
    const t = await liveTicket(app.db, ticket, ctx.now);
    if (t.state !== 'waiting') throw refusal('该二维码已扫过');
    const key = await wechatCookieKey(app.db);
    if (t.purpose === 'bind') {
      const userId = await request.buyerId();
      if (!userId) throw notLoggedIn();
      if (userId !== t.userId) throw notFound('二维码不存在或已使用');
      return { t, openId: sandboxOpenId(key, userId), text: '将本机沙箱微信绑定到当前门店账号' };
    }
    const known = identityOf(key, request.cookies[IDENTITY_COOKIE]);
    if (t.purpose === 'register')
      return { t, openId: known ?? newSandboxOpenId(), text: '使用本机沙箱微信注册药采账号' };
    if (!known) throw refusal('本浏览器的沙箱微信尚未绑定药采账号：请先用手机号登录，在「绑定微信」中绑定');
    return { t, openId: known, text: '使用本机沙箱微信登录药采' };
  };

  app.get(
    '/wechat/sandbox/scan/:ticket',
    {
      schema: {
        tags,
        summary: 'Sandbox WeChat scan page',
        params: ticketParams,
        produces: ['text/html'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) =>
      asPage(reply, async () => {
        const { text } = await scan(request, request.params.ticket);
        return `<p>${text}</p><form method="post" action="/api/wechat/sandbox/scan/${request.params.ticket}/confirm"><button style="font-size:18px;padding:8px 24px">确认</button></form>`;
      }),
  );

  app.post(
    '/wechat/sandbox/scan/:ticket/confirm',
    {
      schema: {
        tags,
        summary: 'Sandbox WeChat confirms the scan',
        params: ticketParams,
        produces: ['text/html'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) =>
      asPage(reply, async () => {
        const { t, openId } = await scan(request, request.params.ticket);
        // The same path as WeChat's redirect: a code for the scanner, accepted for the ticket
        // this browser holds.
        await acceptAuthorization(app.db, sbx, {
          state: t.id,
          heldTicket: request.cookies[TICKET_COOKIE],
          code: sbx.issueCode(openId),
          now: request.visitorCtx().now,
        });
        if (t.purpose !== 'login') {
          const key = await wechatCookieKey(app.db);
          setCookie(reply, IDENTITY_COOKIE, signIdentity(key, openId), 365 * 86_400);
        }
        return '<p>已确认，请返回药采页面。</p>';
      }),
  );
};
