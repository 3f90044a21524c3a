// A local stand-in for Alipay's OpenAPI gateway, for tests: it speaks the gateway protocol the
// official SDK uses (a POST to gateway.do with the common parameters in the query and
// biz_content in a form body, RSA2-signed by the app over the sorted parameters without `sign`;
// answers `{"<method>_response":{...},"sign":"..."}` signed by "Alipay" over the response
// object's JSON text exactly as it stands in the body). Trades live in memory. A precreated QR
// becomes a trade only when the payer scans it, as at Alipay. Keys are made here (RSA 2048).
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { yuanDecimal } from '@yaocai/domain';
import { zipSync } from 'fflate';
import { alipayTime } from './time';

export interface DoubleTrade {
  outTradeNo: string;
  tradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt?: Date;
  refundedFen: number;
}

export interface DoubleRefund {
  outTradeNo: string;
  refundNo: string;
  amountFen: number;
  settled: boolean;
}

interface Precreated {
  outTradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  closed: boolean;
}

interface BillEvent {
  date: string;
  kind: '交易' | '退款';
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  amountFen: number;
  refundNo: string;
}

type Answer = Record<string, unknown>;

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const ok = (fields: Answer = {}): Answer => ({ code: '10000', msg: 'Success', ...fields });
const refused = (sub_code: string, sub_msg: string, code = '40004'): Answer => ({
  code,
  msg: code === '40004' ? 'Business Failed' : 'Invalid Arguments',
  sub_code,
  sub_msg,
});
const fen = (yuan: unknown) => Math.round(Number(yuan) * 100);

export class AlipayDouble {
  readonly appId = '2021000000000001';
  /** The merchant app's keys (the app signs with the private one; the double verifies). */
  readonly app = keyPair();
  /** "Alipay's" keys: the double signs answers and notifications with the private one. */
  readonly alipay = keyPair();
  readonly precreated = new Map<string, Precreated>();
  readonly trades = new Map<string, DoubleTrade>();
  readonly refunds = new Map<string, DoubleRefund>();
  readonly bill: BillEvent[] = [];
  /** Every call the gateway took, by method (the tests count round trips). */
  readonly calls: string[] = [];
  /** Delay before answering (a time-out test sets it past the SDK's timeout). */
  latencyMs = 0;
  /** 'pending': refunds are taken (fund_change N) and settle only on settleRefunds(). */
  refundMode: 'immediate' | 'pending' = 'immediate';
  /** Delivers a notification to its notify URL; the tests route it into app.inject. */
  deliver: (url: string, body: string) => Promise<string> = async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return response.text();
  };
  private server: Server = createServer((req, res) => {
    this.handle(req).then(
      ({ status, type, body }) => {
        const send = () => res.writeHead(status, { 'content-type': type }).end(body);
        if (this.latencyMs > 0) setTimeout(send, this.latencyMs).unref();
        else send();
      },
      () => res.writeHead(500).end(),
    );
  });
  private base = '';
  private seq = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get gateway() {
    return `${this.base}/gateway.do`;
  }

  /** The environment a server needs to use this double as its Alipay channel. */
  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      PAYMENT_PROVIDERS: 'alipay',
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: this.app.privateKey,
      ALIPAY_PUBLIC_KEY: this.alipay.publicKey,
      ALIPAY_GATEWAY: this.gateway,
      PAYMENT_NOTIFY_BASE: 'https://shop.example.com',
      ...extra,
    };
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The payer scans the QR: the trade now exists at Alipay, waiting for payment. */
  scan(outTradeNo: string): DoubleTrade | undefined {
    const existing = this.trades.get(outTradeNo);
    if (existing) return existing;
    const p = this.precreated.get(outTradeNo);
    if (!p || p.closed) return undefined;
    const trade: DoubleTrade = {
      outTradeNo,
      tradeNo: `2026${Date.now()}${String(++this.seq).padStart(6, '0')}`,
      amountFen: p.amountFen,
      subject: p.subject,
      notifyUrl: p.notifyUrl,
      status: 'WAIT_BUYER_PAY',
      refundedFen: 0,
    };
    this.trades.set(outTradeNo, trade);
    return trade;
  }

  /**
   * The payer scans and pays. Returns the trade (paid now or before), or undefined when it can no
   * longer be paid (closed). `notify`: post the notification and return Alipay's reading of the
   * reply (the body our server answered).
   */
  async pay(outTradeNo: string, options: { notify?: boolean } = {}) {
    const trade = this.scan(outTradeNo);
    if (!trade || trade.status === 'TRADE_CLOSED') return { trade: undefined, reply: undefined };
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      this.record('交易', trade, trade.amountFen, '');
    }
    const reply = options.notify ? await this.notify(outTradeNo) : undefined;
    return { trade, reply };
  }

  /** Posts the trade's notification (optionally altered, then signed as given) to its notify URL. */
  notify(outTradeNo: string, change: Record<string, string> = {}, signWith = this.alipay.privateKey) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
    return this.deliver(trade.notifyUrl, this.notification(trade, change, signWith));
  }

  /** A notification's form body: signed RSA2 over the sorted parameters without sign and sign_type. */
  notification(trade: DoubleTrade, change: Record<string, string> = {}, signWith = this.alipay.privateKey) {
    const params: Record<string, string> = {
      notify_time: alipayTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: yuanDecimal(trade.amountFen),
      receipt_amount: yuanDecimal(trade.amountFen),
      buyer_pay_amount: yuanDecimal(trade.amountFen),
      subject: trade.subject,
      buyer_logon_id: 'buy***@example.com',
      gmt_create: alipayTime(trade.paidAt ?? new Date()),
      ...(trade.paidAt ? { gmt_payment: alipayTime(trade.paidAt) } : {}),
      ...change,
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(signWith, 'base64');
    return new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
  }

  /** Pending refunds settle (the next refund query says REFUND_SUCCESS). */
  settleRefunds() {
    for (const r of this.refunds.values())
      if (!r.settled) {
        r.settled = true;
        const trade = this.trades.get(r.outTradeNo);
        if (trade) this.record('退款', trade, r.amountFen, r.refundNo);
      }
  }

  private record(kind: BillEvent['kind'], t: DoubleTrade, amountFen: number, refundNo: string) {
    this.bill.push({
      date: alipayTime(new Date()).slice(0, 10),
      kind,
      tradeNo: t.tradeNo,
      outTradeNo: t.outTradeNo,
      subject: t.subject,
      amountFen,
      refundNo,
    });
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; type: string; body: Buffer | string }> {
    const url = new URL(req.url ?? '/', this.base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'GET' && url.pathname.startsWith('/bill/'))
      return {
        status: 200,
        type: 'application/zip',
        body: Buffer.from(this.billZip(url.pathname.slice(6, 16))),
      };
    if (req.method !== 'POST' || url.pathname !== '/gateway.do')
      return { status: 404, type: 'text/plain', body: 'not found' };
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    const form = (req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    Object.assign(params, form);
    const method = params.method ?? '';
    this.calls.push(method);
    const key = `${method.replaceAll('.', '_')}_response`;
    return {
      status: 200,
      type: 'application/json;charset=utf-8',
      body: this.signed(key, this.answer(method, params)),
    };
  }

  /** The response text Alipay sends: the answer object's JSON and its signature beside it. */
  private signed(key: string, answer: Answer) {
    const json = JSON.stringify(answer);
    const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(this.alipay.privateKey, 'base64');
    return `{"${key}":${json},"sign":"${sign}"}`;
  }

  private answer(method: string, params: Record<string, string>): Answer {
    const { sign, ...signed } = params;
    const content = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    if (params.app_id !== this.appId) return refused('isv.invalid-app-id', '无效的AppID参数', '40002');
    if (
      !sign ||
      !createVerify('RSA-SHA256').update(content, 'utf8').verify(this.app.publicKey, sign, 'base64')
    )
      return refused('isv.invalid-signature', '验签出错', '40002');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}');
    } catch {
      return refused('isv.invalid-parameter', '参数无效', '40002');
    }
    const outTradeNo = String(biz.out_trade_no ?? '');
    const trade = this.trades.get(outTradeNo);
    switch (method) {
      case 'alipay.trade.precreate': {
        const amountFen = fen(biz.total_amount);
        if (!/^\d+\.\d{2}$/.test(String(biz.total_amount)) || amountFen <= 0)
          return refused('ACQ.INVALID_PARAMETER', '参数无效');
        const before = this.precreated.get(outTradeNo);
        if (before && (before.amountFen !== amountFen || before.closed))
          return refused('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
        this.precreated.set(outTradeNo, {
          outTradeNo,
          amountFen,
          subject: String(biz.subject ?? ''),
          notifyUrl: params.notify_url ?? '',
          closed: false,
        });
        return ok({ out_trade_no: outTradeNo, qr_code: `https://qr.alipay.com/bax0${outTradeNo}` });
      }
      case 'alipay.trade.query':
        if (!trade) return refused('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return ok({
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          trade_status: trade.status,
          total_amount: yuanDecimal(trade.amountFen),
          ...(trade.paidAt ? { send_pay_date: alipayTime(trade.paidAt) } : {}),
        });
      case 'alipay.trade.close':
        if (!trade) return refused('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status !== 'WAIT_BUYER_PAY') return refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return ok({ trade_no: trade.tradeNo, out_trade_no: outTradeNo });
      case 'alipay.trade.refund': {
        if (!trade) return refused('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const refundNo = String(biz.out_request_no ?? '');
        const amountFen = fen(biz.refund_amount);
        const before = this.refunds.get(`${outTradeNo}/${refundNo}`);
        if (before) {
          if (before.amountFen !== amountFen)
            return refused('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
          return ok({
            trade_no: trade.tradeNo,
            out_trade_no: outTradeNo,
            fund_change: 'N',
            refund_fee: yuanDecimal(trade.refundedFen),
          });
        }
        if (trade.status !== 'TRADE_SUCCESS') return refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        if (trade.refundedFen + amountFen > trade.amountFen)
          return refused('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        trade.refundedFen += amountFen;
        if (trade.refundedFen === trade.amountFen) trade.status = 'TRADE_CLOSED';
        const settled = this.refundMode === 'immediate';
        this.refunds.set(`${outTradeNo}/${refundNo}`, { outTradeNo, refundNo, amountFen, settled });
        if (settled) this.record('退款', trade, amountFen, refundNo);
        return ok({
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          fund_change: settled ? 'Y' : 'N',
          refund_fee: yuanDecimal(trade.refundedFen),
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!trade) return refused('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const refund = this.refunds.get(`${outTradeNo}/${String(biz.out_request_no ?? '')}`);
        if (!refund) return ok({ out_trade_no: outTradeNo, trade_no: trade.tradeNo });
        return ok({
          out_trade_no: outTradeNo,
          trade_no: trade.tradeNo,
          out_request_no: refund.refundNo,
          total_amount: yuanDecimal(trade.amountFen),
          refund_amount: yuanDecimal(refund.amountFen),
          ...(refund.settled ? { refund_status: 'REFUND_SUCCESS' } : {}),
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(String(biz.bill_date)))
          return refused('isv.invalid-parameter', '参数无效', '40002');
        return ok({
          bill_download_url: `${this.base}/bill/${biz.bill_date}.zip?token=${randomBytes(8).toString('hex')}`,
        });
      default:
        return refused('isv.invalid-method', '不存在的方法名', '40002');
    }
  }

  /** The day's bill as Alipay ships it: a zip of two GBK CSV files (details and summary). */
  billZip(date: string): Uint8Array {
    const rows = this.bill.filter((e) => e.date === date);
    const money = (f: number) => `${yuanDecimal(f)}\t`;
    const csv = [
      '#支付宝业务明细查询',
      `#账号：[${this.appId}]`,
      `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      ...rows.map((e) => {
        const signed = e.kind === '退款' ? -e.amountFen : e.amountFen;
        return [
          `${e.tradeNo}\t`,
          `${e.outTradeNo}\t`,
          e.kind,
          e.subject,
          `${date} 10:00:00`,
          `${date} 10:00:05`,
          '',
          '',
          '',
          '',
          'buy***@example.com',
          money(signed),
          money(signed),
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '',
          '0.00',
          '0.00',
          e.refundNo ? `${e.refundNo}\t` : '',
          '0.00',
          '0.00',
          '',
        ].join(',');
      }),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${rows.filter((e) => e.kind === '交易').length}笔`,
      `#导出时间：[${alipayTime(new Date())}]`,
    ].join('\r\n');
    const summary = ['#支付宝业务汇总查询', '门店编号,门店名称,交易订单总笔数', `,,${rows.length}`].join(
      '\r\n',
    );
    const stamp = date.replaceAll('-', '');
    return zipSync({
      [`${this.appId}_${stamp}_业务明细(汇总).csv`]: encodeGbk(summary),
      [`${this.appId}_${stamp}_业务明细.csv`]: encodeGbk(csv),
    });
  }
}

let gbkTable: Map<string, number[]> | undefined;

/** Text -> GBK bytes (the double's bill only): the table is GBK decoding read backwards. */
export function encodeGbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk', { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        try {
          const ch = decoder.decode(new Uint8Array([lead, trail]));
          if (ch.length === 1 && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
        } catch {
          // not a GBK character
        }
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code < 0x80) out.push(code);
    else out.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return new Uint8Array(out);
}
