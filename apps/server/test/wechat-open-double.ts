import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local double of the WeChat Open Platform website login, as documented
 * (developers.weixin.qq.com, 网站应用微信登录):
 * - GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state: the QR
 *   page; here the scan is immediate: it redirects (302) to redirect_uri?code=&state= for the
 *   WeChat user the test put in front of it (`scanner`), or to redirect_uri?state= when that
 *   user refuses (`scanner = 'refuse'`).
 * - GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code:
 *   { access_token, expires_in, refresh_token, openid, scope, unionid } or { errcode, errmsg }:
 *   40013 invalid appid, 40125 invalid appsecret, 40029 invalid code, 40163 code been used.
 * - GET /sns/userinfo?access_token&openid: { openid, nickname, unionid?, ... }.
 */
export interface WechatUser {
  openid: string;
  /** Absent when the app's Open Platform account gives none. */
  unionid?: string;
  nickname: string;
}

export interface WechatOpenDouble {
  base: string;
  appId: string;
  secret: string;
  /** Who scans next on the QR page; 'refuse' presses 拒绝. */
  scanner: WechatUser | 'refuse';
  /** Codes handed out (code -> user), and the exchanges asked for (code). */
  issued: Map<string, WechatUser>;
  exchanges: string[];
  /** The next answers of access_token are this errcode instead (a test of WeChat's refusals). */
  failNext?: { errcode: number; errmsg: string };
  close(): Promise<void>;
}

export const newWechatUser = (nickname: string, withUnion = true): WechatUser => ({
  openid: `o${randomBytes(14).toString('base64url')}`,
  ...(withUnion ? { unionid: `u${randomBytes(14).toString('base64url')}` } : {}),
  nickname,
});

export async function startWechatOpenDouble(): Promise<WechatOpenDouble> {
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  const used = new Set<string>();
  const tokens = new Map<string, WechatUser>();
  const double: Omit<WechatOpenDouble, 'base' | 'close'> = {
    appId,
    secret,
    scanner: 'refuse',
    issued: new Map(),
    exchanges: [],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double.local');
    const q = url.searchParams;
    const json = (body: object) => {
      // WeChat labels its JSON text/plain.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    const err = (errcode: number, errmsg: string) => json({ errcode, errmsg });
    if (url.pathname === '/connect/qrconnect') {
      const redirect = q.get('redirect_uri');
      if (
        q.get('appid') !== appId ||
        !redirect ||
        q.get('scope') !== 'snsapi_login' ||
        q.get('response_type') !== 'code'
      ) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('参数错误');
        return;
      }
      const back = new URL(redirect);
      if (double.scanner !== 'refuse') {
        const code = randomBytes(16).toString('hex');
        double.issued.set(code, double.scanner);
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const code = q.get('code') ?? '';
      double.exchanges.push(code);
      if (double.failNext) return err(double.failNext.errcode, double.failNext.errmsg);
      if (q.get('appid') !== appId) return err(40013, 'invalid appid');
      if (q.get('secret') !== secret) return err(40125, 'invalid appsecret');
      if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
      const user = double.issued.get(code);
      if (!user) return err(40029, 'invalid code');
      if (used.has(code)) return err(40163, 'code been used');
      used.add(code);
      const token = randomBytes(20).toString('hex');
      tokens.set(token, user);
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(20).toString('hex'),
        openid: user.openid,
        scope: 'snsapi_login',
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user || user.openid !== q.get('openid')) return err(40001, 'invalid credential');
      return json({
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        headimgurl: '',
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(double, {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as WechatOpenDouble;
}
