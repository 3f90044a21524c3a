import type { FastifyBaseLogger } from 'fastify';
import type { WechatOpenConfig } from '../../config';
import { refusal } from '../../lib/errors';
import { identityOf, signIdentity } from './service';

// The WeChat provider seam of 绑定微信, 微信登录 and 微信注册. Both providers take the same path
// (service.ts acceptAuthorization): the browser is sent to authorizeUrl(state, redirect), the
// provider answers the redirect with a one-use code, and exchange(code) names the WeChat.

/** Who WeChat says scanned: the unionid when the app's Open Platform account gives one. */
export interface WechatIdentity {
  unionid: string | null;
  openid: string;
  nickname?: string;
}

export interface WechatProvider {
  readonly name: 'sandbox' | 'wechat';
  /**
   * redirect: the browser itself goes to authorizeUrl (WeChat's QR page) and comes back to the
   * callback. qr: the shop shows authorizeUrl as a QR code for a phone (the sandbox's scan page)
   * and polls until the phone's confirmation arrives.
   */
  readonly mode: 'redirect' | 'qr';
  authorizeUrl(state: string, redirectUri: string): string;
  /** The WeChat the code stands for; a refusal (in Chinese) when WeChat refuses the code. */
  exchange(code: string): Promise<WechatIdentity>;
}

/** The identity a store is bound by: the unionid, else the openid. */
export const bindingIdOf = (who: WechatIdentity) => who.unionid || who.openid;

// --- the sandbox ------------------------------------------------------------------------------

/**
 * The sandbox: its "QR page" is /api/wechat/sandbox/scan/:state, opened in the same browser as
 * the phone; its confirmation issues a signed code for the scanner's sandbox openid.
 */
export function sandboxProvider(key: string): WechatProvider & { issueCode(openid: string): string } {
  return {
    name: 'sandbox',
    mode: 'qr',
    authorizeUrl: (state, redirectUri) => new URL(`/api/wechat/sandbox/scan/${state}`, redirectUri).href,
    issueCode: (openid) => signIdentity(key, openid, 'code'),
    async exchange(code) {
      const openid = identityOf(key, code, 'code');
      if (!openid) throw refusal('微信授权码无效，请重新扫码');
      return { unionid: null, openid };
    },
  };
}

// --- WeChat Open Platform website login (网站应用微信登录) ----------------------------------------

const TIMEOUT_MS = 5000;

/** WeChat's error codes a person can act on; the rest are the site's configuration. */
const codeRefusals: Record<number, string> = {
  40163: '该微信授权码已使用，请重新扫码',
  40029: '微信授权码无效或已过期，请重新扫码',
  42003: '微信授权码已过期，请重新扫码',
};

/**
 * The Open Platform's website login: https://open.weixin.qq.com/connect/qrconnect (scope
 * snsapi_login), then /sns/oauth2/access_token for the code (and /sns/userinfo for the unionid
 * when the token answer has none). The AppSecret goes into WeChat's query only; logs name
 * errcode and errmsg, never a URL.
 */
export function wechatOpenProvider(config: WechatOpenConfig, log: FastifyBaseLogger): WechatProvider {
  const call = async (path: string, query: Record<string, string>) => {
    const url = new URL(path, config.apiBase);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let body: Record<string, unknown>;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      // WeChat answers JSON, sometimes labelled text/plain.
      body = JSON.parse(await res.text()) as Record<string, unknown>;
    } catch (error) {
      log.warn({ path, err: (error as Error).name }, 'wechat api unreachable');
      throw refusal('微信服务暂时无法访问，请稍后再试');
    }
    const errcode = Number(body.errcode ?? 0);
    if (errcode !== 0) {
      log.warn({ path, errcode, errmsg: String(body.errmsg ?? '') }, 'wechat api refused');
      throw refusal(codeRefusals[errcode] ?? '微信登录暂不可用，请稍后再试或使用手机号登录');
    }
    return body;
  };
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

  return {
    name: 'wechat',
    mode: 'redirect',
    authorizeUrl(state, redirectUri) {
      const url = new URL('/connect/qrconnect', config.openBase);
      url.searchParams.set('appid', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_login');
      url.searchParams.set('state', state);
      return `${url.href}#wechat_redirect`;
    },
    async exchange(code) {
      const token = await call('/sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.secret,
        code,
        grant_type: 'authorization_code',
      });
      const openid = text(token.openid);
      const accessToken = text(token.access_token);
      if (!openid || !accessToken) {
        log.warn({ keys: Object.keys(token) }, 'wechat access_token answer without openid');
        throw refusal('微信登录暂不可用，请稍后再试或使用手机号登录');
      }
      const unionid = text(token.unionid);
      if (unionid) return { unionid, openid };
      // No unionid in the token answer: the user info may carry it (and the nickname); the
      // openid stands in when it does not.
      const info = await call('/sns/userinfo', { access_token: accessToken, openid }).catch(() => ({}));
      return {
        unionid: text((info as Record<string, unknown>).unionid) ?? null,
        openid,
        nickname: text((info as Record<string, unknown>).nickname),
      };
    },
  };
}
