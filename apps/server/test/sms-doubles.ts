import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local doubles of the SMS vendors' documented APIs (started on port 0, reached through
// ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT): Aliyun's RPC SendSms with the SDK's
// ACS3-HMAC-SHA256 signature, Tencent Cloud API 3.0 SendSms with TC3-HMAC-SHA256. Each double
// recomputes the signature with the key generated here and refuses a wrong one. Used by
// src/lib/sms.test.ts and the going-live walk.

export const sha256hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export interface Seen {
  headers: IncomingMessage['headers'];
  query: Record<string, string>;
  body: string;
  signatureOk: boolean;
}

export interface Double {
  url: string;
  seen: Seen[];
  /** What the next answers are: accepted, refused per number, or an API error. */
  mode: 'ok' | 'refuse' | 'error';
  close(): Promise<void>;
}

export async function startDouble(
  handle: (seen: Seen, double: Double) => { status: number; body: object },
  verify: (req: IncomingMessage, url: URL, body: string) => boolean,
): Promise<Double> {
  const double: Double = { url: '', seen: [], mode: 'ok', close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://double');
      const seen: Seen = {
        headers: req.headers,
        query: Object.fromEntries(url.searchParams),
        body,
        signatureOk: verify(req, url, body),
      };
      double.seen.push(seen);
      const answer = handle(seen, double);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = () => new Promise((resolve) => server.close(() => resolve()));
  return double;
}

// Aliyun: canonical request = method, path, sorted RFC 3986 query, the signed headers, their
// names, the payload hash; Authorization carries Credential, SignedHeaders and the HMAC.
export const aliyunKey = {
  id: `LTAI${randomBytes(8).toString('hex')}`,
  secret: randomBytes(24).toString('base64'),
};
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function verifyAliyun(req: IncomingMessage, url: URL, body: string): boolean {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
    String(req.headers.authorization),
  );
  if (!auth || auth[1] !== aliyunKey.id) return false;
  const signed = auth[2].split(';');
  if (!signed.includes('host') || !signed.includes('x-acs-action')) return false;
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${rfc3986(v)}`)
    .join('&');
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  if (req.headers['x-acs-content-sha256'] !== sha256hex(body)) return false;
  const canonical = `${req.method}\n${url.pathname}\n${query}\n${headers}\n${signed.join(';')}\n${sha256hex(body)}`;
  const expected = hmac(aliyunKey.secret, `ACS3-HMAC-SHA256\n${sha256hex(canonical)}`).toString('hex');
  return expected === auth[3];
}

// Tencent: canonical request over content-type and host; the key derived from the secret, the
// date and the service named in the credential scope.
export const tencentKey = {
  id: `AKID${randomBytes(12).toString('hex')}`,
  secret: randomBytes(24).toString('hex'),
};

export function verifyTencent(req: IncomingMessage, url: URL, body: string): boolean {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(req.headers.authorization),
    );
  if (!auth || auth[1] !== tencentKey.id || auth[4] !== 'content-type;host') return false;
  const [, , date, service] = auth;
  const timestamp = String(req.headers['x-tc-timestamp']);
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const host = String(req.headers.host).replace(/:\d+$/, '');
  const canonical = `POST\n${url.pathname}\n\ncontent-type:${req.headers['content-type']}\nhost:${host}\n\ncontent-type;host\n${sha256hex(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256hex(canonical)}`;
  const kDate = hmac(`TC3${tencentKey.secret}`, date);
  const kSigning = hmac(hmac(kDate, service), 'tc3_request');
  return hmac(kSigning, toSign).toString('hex') === auth[5];
}
