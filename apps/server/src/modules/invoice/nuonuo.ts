import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { InvoiceProvider, InvoiceRequest, IssueOutcome } from './provider';

// 诺诺开放平台 (诺税通 saas) as the e-invoice provider, following its public API documents:
// every call is a POST of a JSON body to one services URL, the method named in a header, the
// request signed with the app secret. No Node SDK is published by 诺诺 (theirs are Java, PHP,
// Python, .NET), so this is node:crypto and fetch.
//
// Signature (X-Nuonuo-Sign): base64(HMAC-SHA1(appSecret, S)) where S is
//   a=<3rd path segment>&l=<2nd>&p=<1st>&k=<appKey>&i=<senid>&n=<nonce>&t=<timestamp>&f=<body>
// over the URL path /open/v1/services (a=services&l=v1&p=open), the exact body bytes sent;
// senid (32 random characters), nonce (8 digits), timestamp (seconds) and appkey travel in the
// query string; accessToken, userTax (the seller's tax number) and method in headers. Answers
// are { code, describe, result }, code E0000 meaning success.

export interface NuonuoConfig {
  appKey: string;
  appSecret: string;
  token: string;
  /** The seller's 纳税人识别号 (userTax). */
  taxNum: string;
  /** Services URL: https://sdk.nuonuo.com/open/v1/services (sandbox: sandbox.nuonuocs.cn). */
  base: string;
}

export const NUONUO_PRODUCTION_BASE = 'https://sdk.nuonuo.com/open/v1/services';

/** The string 诺诺 signs for a call to `path` (exported for the test double to check). */
export function nuonuoSignString(
  path: string,
  p: { appKey: string; senid: string; nonce: string; timestamp: string; body: string },
) {
  const [, first = '', second = '', third = ''] = path.split('/');
  return `a=${third}&l=${second}&p=${first}&k=${p.appKey}&i=${p.senid}&n=${p.nonce}&t=${p.timestamp}&f=${p.body}`;
}

export const nuonuoSign = (secret: string, signString: string) =>
  createHmac('sha1', secret).update(signString, 'utf8').digest('base64');

/** A refusal the platform answered (its code and message), as opposed to no answer at all. */
export class NuonuoError extends Error {
  constructor(
    readonly code: string,
    readonly describe: string,
  ) {
    super(`诺诺开放平台：${describe}（${code}）`);
  }
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** yyyy-MM-dd HH:mm:ss in Beijing time, as 诺诺 writes dates. */
const stamp = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
/** 诺诺 prints the tax code's short name itself: the goods name goes without *简称*. */
const plainName = (name: string) => name.replace(/^\*[^*]+\*/, '');
/** 数电票 kinds: pc 电子发票(普通发票), bs 电子发票(增值税专用发票). */
const invoiceLine = (type: number) => (type === 2 ? 'bs' : 'pc');

function details(request: InvoiceRequest) {
  return request.lines.map((l) => ({
    goodsName: plainName(l.name),
    goodsCode: l.taxCode,
    specType: l.spec,
    unit: l.unit,
    num: String(l.quantity),
    withTaxFlag: '1',
    price: (Math.abs(l.totalFen) / 100 / Math.abs(l.quantity || 1)).toFixed(8),
    taxRate: (l.rate / 100).toFixed(2),
    taxExcludedAmount: yuan(l.amountFen),
    tax: yuan(l.taxFen),
    taxIncludedAmount: yuan(l.totalFen),
    invoiceLineProperty: '0',
  }));
}

export function nuonuoProvider(config: NuonuoConfig, fetchImpl: typeof fetch = fetch): InvoiceProvider {
  const path = new URL(config.base).pathname;

  async function call<T>(method: string, payload: unknown): Promise<T> {
    const body = JSON.stringify(payload);
    const senid = randomBytes(16).toString('hex');
    const nonce = String(randomInt(10_000_000, 100_000_000));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const sign = nuonuoSign(
      config.appSecret,
      nuonuoSignString(path, { appKey: config.appKey, senid, nonce, timestamp, body }),
    );
    const url = new URL(config.base);
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: config.appKey }).toString();
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Nuonuo-Sign': sign,
        accessToken: config.token,
        userTax: config.taxNum,
        method,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`诺诺开放平台 HTTP ${response.status}`);
    const answer = (await response.json()) as { code?: string; describe?: string; result?: T };
    if (answer.code !== 'E0000') throw new NuonuoError(answer.code ?? '', answer.describe ?? '未知错误');
    return answer.result as T;
  }

  /** A submission: the serial to ask about, or the platform's refusal as a failed outcome. */
  async function submit(method: string, payload: unknown): Promise<IssueOutcome> {
    try {
      const result = await call<{ invoiceSerialNum?: string }>(method, payload);
      if (!result?.invoiceSerialNum)
        return { state: 'failed', serial: null, message: '开票平台未返回流水号' };
      return { state: 'issuing', serial: result.invoiceSerialNum };
    } catch (error) {
      if (error instanceof NuonuoError) return { state: 'failed', serial: null, message: error.message };
      throw error;
    }
  }

  return {
    name: 'nuonuo',
    demo: false,
    issue(request) {
      return submit('nuonuo.OpeMplatform.requestBillingNew', {
        order: {
          buyerName: request.buyer.title,
          buyerTaxNum: request.buyer.taxNo,
          buyerPhone: request.buyer.phone ?? '',
          salerTaxNum: config.taxNum,
          orderNo: request.requestNo,
          invoiceDate: stamp(request.at),
          clerk: request.clerk,
          invoiceType: '1',
          invoiceLine: invoiceLine(request.type),
          pushMode: '-1',
          invoiceDetail: details(request),
        },
      });
    },
    issueRed(original, request) {
      // 数电发票 are reversed through 快捷冲红: the platform applies for the 红字确认单 of the
      // seller's own blue invoice and issues the red one in full.
      return submit('nuonuo.OpeMplatform.fastInvoiceRed', {
        orderNo: request.requestNo,
        orderTime: stamp(request.at),
        taxNum: config.taxNum,
        elecInvoiceNumber: original.invoiceNo,
        ...(original.serial ? { invoiceId: original.serial } : {}),
        invoiceLine: invoiceLine(request.type),
      });
    },
    async query(serial) {
      const list = await call<
        {
          serialNo: string;
          status: string;
          statusMsg?: string;
          failCause?: string;
          invoiceNo?: string;
          allElectronicInvoiceNumber?: string;
          allElectronicInvoiceNumbe?: string;
          invoiceTime?: number;
          pdfUrl?: string;
        }[]
      >('nuonuo.OpeMplatform.queryInvoiceResult', { serialNos: [serial], isOfferInvoiceDetail: '0' });
      const item = list?.find((i) => i.serialNo === serial);
      if (!item) return { state: 'issuing', serial };
      switch (item.status) {
        case '2':
          return {
            state: 'issued',
            serial,
            invoiceNo:
              item.allElectronicInvoiceNumber || item.allElectronicInvoiceNumbe || item.invoiceNo || '',
            issuedAt: new Date(item.invoiceTime ?? Date.now()),
            pdfUrl: item.pdfUrl || null,
          };
        case '22':
        case '24':
        case '3':
        case '31':
          return {
            state: 'failed',
            serial,
            message: `诺诺开放平台：${item.failCause || item.statusMsg || '开票失败'}`,
          };
        default:
          return { state: 'issuing', serial };
      }
    },
  };
}
