import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nuonuoSign, nuonuoSignString } from '../src/modules/invoice/nuonuo';

// A local double of 诺诺开放平台's services endpoint, as its documents describe it: POST
// /open/v1/services?senid&nonce&timestamp&appkey, the method in a header, X-Nuonuo-Sign the
// base64 HMAC-SHA1 of the documented string under the app secret, accessToken and userTax
// checked; answers { code, describe, result }. Issuing is asynchronous: requestBillingNew and
// fastInvoiceRed answer a serial; queryInvoiceResult says 20 (开票中) `pendingQueries` times, then
// 2 (开票完成) with a 20-digit 数电 number. A buyer named in `refuseBuyers` gets an error answer.

export interface NuonuoDouble {
  base: string;
  appKey: string;
  appSecret: string;
  token: string;
  taxNum: string;
  /** Every accepted call: method and parsed body. */
  calls: { method: string; body: Record<string, unknown> }[];
  /** Calls refused for a bad signature or token. */
  refused: number;
  refuseBuyers: Set<string>;
  close(): Promise<void>;
}

export async function startNuonuoDouble({ pendingQueries = 1 } = {}): Promise<NuonuoDouble> {
  const appKey = 'testAppKey';
  const appSecret = `secret-${Math.random().toString(36).slice(2)}`;
  const token = `token-${Math.random().toString(36).slice(2)}`;
  const taxNum = '91330108MA2H3K5X7Q';
  const invoices = new Map<string, { queries: number; number: string; red: boolean }>();
  let serialSeq = 0;
  const double: NuonuoDouble = {
    base: '',
    appKey,
    appSecret,
    token,
    taxNum,
    calls: [],
    refused: 0,
    refuseBuyers: new Set(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const answer = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://double');
      const q = Object.fromEntries(url.searchParams);
      const expected = nuonuoSign(
        appSecret,
        nuonuoSignString(url.pathname, {
          appKey: q.appkey ?? '',
          senid: q.senid ?? '',
          nonce: q.nonce ?? '',
          timestamp: q.timestamp ?? '',
          body: raw,
        }),
      );
      const given = Buffer.from(String(req.headers['x-nuonuo-sign'] ?? ''));
      const signed =
        given.length === Buffer.byteLength(expected) && timingSafeEqual(given, Buffer.from(expected));
      if (
        req.method !== 'POST' ||
        url.pathname !== '/open/v1/services' ||
        q.appkey !== appKey ||
        !/^\d{8}$/.test(q.nonce ?? '') ||
        (q.senid ?? '').length !== 32 ||
        !signed
      ) {
        double.refused++;
        return answer(res, { code: '070301', describe: '签名验证失败', result: null });
      }
      if (req.headers.accesstoken !== token || req.headers.usertax !== taxNum) {
        double.refused++;
        return answer(res, { code: '070302', describe: 'accessToken无效', result: null });
      }
      const method = String(req.headers.method ?? '');
      const body = JSON.parse(raw) as Record<string, unknown>;
      double.calls.push({ method, body });
      if (
        method === 'nuonuo.OpeMplatform.requestBillingNew' ||
        method === 'nuonuo.OpeMplatform.fastInvoiceRed'
      ) {
        const order = (body.order ?? body) as { buyerName?: string };
        if (order.buyerName && double.refuseBuyers.has(order.buyerName))
          return answer(res, { code: 'E9106', describe: '购方名称与税号不匹配', result: null });
        const serial = `2612${String(++serialSeq).padStart(16, '0')}`;
        invoices.set(serial, {
          queries: 0,
          number: `26332000000${String(serialSeq).padStart(9, '0')}`,
          red: method.endsWith('fastInvoiceRed'),
        });
        return answer(res, { code: 'E0000', describe: '开票提交成功', result: { invoiceSerialNum: serial } });
      }
      if (method === 'nuonuo.OpeMplatform.queryInvoiceResult') {
        const serials = (body.serialNos ?? []) as string[];
        const result = serials.flatMap((serial) => {
          const inv = invoices.get(serial);
          if (!inv) return [];
          inv.queries++;
          const done = inv.queries > pendingQueries;
          return [
            {
              serialNo: serial,
              status: done ? '2' : '20',
              statusMsg: done ? '开票完成（最终状态）' : '开票中',
              ...(done
                ? {
                    allElectronicInvoiceNumber: inv.number,
                    invoiceTime: Date.parse('2026-11-26T02:00:00Z'),
                    pdfUrl: `https://inv.example.invalid/${inv.number}.pdf`,
                    invoiceType: inv.red ? '2' : '1',
                  }
                : {}),
            },
          ];
        });
        return answer(res, { code: 'E0000', describe: '获取成功', result });
      }
      return answer(res, { code: 'E9999', describe: `未知方法${method}`, result: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/open/v1/services`;
  return double;
}
