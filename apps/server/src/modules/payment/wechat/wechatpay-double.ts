// A local WeChat Pay API v3 for the tests: an HTTP server on port 0 speaking the documented
// protocol. It checks each request's Authorization (WECHATPAY2-SHA256-RSA2048, RSA-SHA256 over
// "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" with the merchant's public key), keeps Native trades
// and refunds in memory, signs each answer with the platform key (Wechatpay-Signature over
// "TIMESTAMP\nNONCE\nBODY\n", Wechatpay-Serial = the public key id), lets a test "pay" a trade and
// send the signed, encrypted (AEAD_AES_256_GCM) notification, and serves a trade bill.
// Every state change is synchronous JavaScript, so each request is atomic, as the provider's
// book is.
import {
  createCipheriv,
  createHash,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleTrade {
  outTradeNo: string;
  appid: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  timeExpire: string;
  codeUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
  transactionId?: string;
  successTime?: string;
  /** Refunded so far (SUCCESS and PROCESSING refunds). */
  refundedFen: number;
}

export interface DoubleRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  amountFen: number;
  totalFen: number;
  reason?: string;
  status: 'PROCESSING' | 'SUCCESS';
  /** Queries still answered PROCESSING before it turns SUCCESS. */
  pendingQueries: number;
  createdAt: Date;
}

/** A notification request as WeChat Pay sends it: signed headers and the JSON body. */
export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

/** Delivers a notification to the notify URL (a test maps it onto app.inject). */
export type Deliver = (url: string, n: SignedNotification) => Promise<{ status: number; body: string }>;

export interface WechatPayDoubleOptions {
  mchid: string;
  appid: string;
  mchSerial: string;
  /** The merchant's public key: our requests' signatures are checked with it. */
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  deliver?: Deliver;
}

const json = (value: unknown) => JSON.stringify(value);
const chinaTime = (at: Date) => `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The merchant's RSA 2048 key pair for a test (the double makes the platform's). */
export const merchantKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

export class WechatPayDouble {
  readonly trades = new Map<string, DoubleTrade>();
  readonly refunds = new Map<string, DoubleRefund>();
  readonly platformKeyId = `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`;
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** Answers nothing until this many ms passed (a provider that hangs: our time-out). */
  stallMs = 0;
  /** How many refund queries answer PROCESSING before SUCCESS. */
  refundQueriesBeforeSuccess = 0;
  /** Requests whose Authorization did not verify (401 SIGN_ERROR). */
  rejected = 0;
  /** Every request received: method and path. */
  readonly calls: string[] = [];
  private server?: Server;
  private baseUrl = '';
  private seq = 0;

  constructor(readonly options: WechatPayDoubleOptions) {}

  /** PEM of the platform public key (WECHATPAY_PUBLIC_KEY). */
  get platformPublicKeyPem() {
    return this.platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  get url() {
    return this.baseUrl;
  }

  /**
   * The WECHATPAY_* environment that points the app at this double, as a merchant holding
   * `merchantPrivateKey` (the pair of options.merchantPublicKey) configures it.
   */
  appEnvironment(merchantPrivateKey: KeyObject, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      WECHATPAY_MCHID: this.options.mchid,
      WECHATPAY_APPID: this.options.appid,
      WECHATPAY_MCH_PRIVATE_KEY: merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WECHATPAY_MCH_SERIAL: this.options.mchSerial,
      WECHATPAY_APIV3_KEY: this.options.apiV3Key,
      WECHATPAY_PUBLIC_KEY: this.platformPublicKeyPem,
      WECHATPAY_PUBLIC_KEY_ID: this.platformKeyId,
      PAYMENT_NOTIFY_BASE: 'https://shop.example.com',
      WECHATPAY_BASE: this.url,
      ...extra,
    };
  }

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const answer = () => this.handle(req, body, res);
        if (this.stallMs > 0) setTimeout(answer, this.stallMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Signs an answer (or a notification) with the platform key: WeChat Pay's headers. */
  signedHeaders(body: string, at = new Date()): Record<string, string> {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(
      'sha256',
      Buffer.from(`${timestamp}\n${nonce}\n${body}\n`),
      this.platform.privateKey,
    ).toString('base64');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': this.platformKeyId,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private send(res: ServerResponse, status: number, value?: unknown, signed = true) {
    const body = value === undefined ? '' : typeof value === 'string' ? value : json(value);
    const headers: Record<string, string> = {
      'Request-ID': randomBytes(8).toString('hex'),
      ...(signed ? this.signedHeaders(body) : {}),
    };
    if (body) headers['Content-Type'] = typeof value === 'string' ? 'text/plain' : 'application/json';
    res.writeHead(status, headers).end(body);
  }

  private error(res: ServerResponse, status: number, code: string, message: string) {
    this.send(res, status, { code, message });
  }

  /** Checks the Authorization header as WeChat Pay does. */
  private authorized(req: IncomingMessage, body: string) {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return false;
    const fields = Object.fromEntries(
      [...m[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v] as [string, string]),
    );
    if (fields.mchid !== this.options.mchid || fields.serial_no !== this.options.mchSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return verify(
      'sha256',
      Buffer.from(message),
      this.options.merchantPublicKey,
      Buffer.from(fields.signature ?? '', 'base64'),
    );
  }

  private handle(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    this.calls.push(`${req.method} ${url.pathname}`);
    if (!this.authorized(req, body)) {
      this.rejected++;
      return this.error(res, 401, 'SIGN_ERROR', '签名错误');
    }
    let data: Record<string, unknown> = {};
    if (body) {
      try {
        data = JSON.parse(body);
      } catch {
        return this.error(res, 400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }
    const path = url.pathname;
    const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    const refund = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') return this.native(res, data);
    if (trade && !trade[2] && req.method === 'GET') {
      if (url.searchParams.get('mchid') !== this.options.mchid)
        return this.error(res, 400, 'PARAM_ERROR', 'mchid有误');
      const t = this.trades.get(decodeURIComponent(trade[1]));
      if (!t) return this.error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return this.send(res, 200, this.view(t));
    }
    if (trade?.[2] && req.method === 'POST') {
      const t = this.trades.get(decodeURIComponent(trade[1]));
      if (!t) return this.error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.state === 'SUCCESS' || t.state === 'REFUND')
        return this.error(res, 400, 'ORDERPAID', '订单已支付');
      t.state = 'CLOSED';
      return this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(res, data);
    if (refund && req.method === 'GET') {
      const r = this.refunds.get(decodeURIComponent(refund[1]));
      if (!r) return this.error(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      if (r.status === 'PROCESSING') {
        if (r.pendingQueries > 0) r.pendingQueries--;
        else r.status = 'SUCCESS';
      }
      return this.send(res, 200, this.refundView(r));
    }
    if (req.method === 'GET' && path === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return this.error(res, 400, 'PARAM_ERROR', '账单日期格式有误');
      const csv = this.tradeBill(date);
      return this.send(res, 200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(csv).digest('hex'),
        download_url: `${this.baseUrl}v3/billdownload/file?token=${encodeURIComponent(date)}`,
      });
    }
    if (req.method === 'GET' && path === '/v3/billdownload/file')
      return this.send(res, 200, this.tradeBill(url.searchParams.get('token') ?? ''), false);
    return this.error(res, 404, 'NOT_FOUND', '接口不存在');
  }

  private native(res: ServerResponse, d: Record<string, unknown>) {
    const amount = d.amount as { total?: unknown; currency?: unknown } | undefined;
    const outTradeNo = d.out_trade_no;
    if (
      d.mchid !== this.options.mchid ||
      d.appid !== this.options.appid ||
      typeof outTradeNo !== 'string' ||
      !/^[0-9A-Za-z_\-|*]{6,32}$/.test(outTradeNo) ||
      typeof d.description !== 'string' ||
      typeof d.notify_url !== 'string' ||
      !/^https?:\/\//.test(d.notify_url) ||
      typeof d.time_expire !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(d.time_expire) ||
      !Number.isInteger(amount?.total) ||
      (amount?.total as number) < 1 ||
      (amount?.currency ?? 'CNY') !== 'CNY'
    )
      return this.error(res, 400, 'PARAM_ERROR', '参数错误');
    const known = this.trades.get(outTradeNo);
    if (known) {
      if (known.amountFen !== amount?.total || known.state !== 'NOTPAY')
        return this.error(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      return this.send(res, 200, { code_url: known.codeUrl });
    }
    const trade: DoubleTrade = {
      outTradeNo,
      appid: d.appid as string,
      description: d.description,
      amountFen: amount?.total as number,
      notifyUrl: d.notify_url,
      timeExpire: d.time_expire,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      state: 'NOTPAY',
      refundedFen: 0,
    };
    this.trades.set(outTradeNo, trade);
    return this.send(res, 200, { code_url: trade.codeUrl });
  }

  private refund(res: ServerResponse, d: Record<string, unknown>) {
    const amount = d.amount as { refund?: number; total?: number; currency?: string } | undefined;
    const outRefundNo = d.out_refund_no;
    if (typeof outRefundNo !== 'string' || typeof d.out_trade_no !== 'string')
      return this.error(res, 400, 'PARAM_ERROR', '参数错误');
    const known = this.refunds.get(outRefundNo);
    if (known) return this.send(res, 200, this.refundView(known)); // idempotent by out_refund_no
    const t = this.trades.get(d.out_trade_no);
    if (!t) return this.error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND')
      return this.error(res, 400, 'INVALID_REQUEST', '订单未支付');
    if (!amount || amount.total !== t.amountFen || amount.currency !== 'CNY')
      return this.error(res, 400, 'PARAM_ERROR', '订单金额或币种信息错误');
    if (!Number.isInteger(amount.refund) || (amount.refund as number) < 1)
      return this.error(res, 400, 'PARAM_ERROR', '退款金额有误');
    if (t.refundedFen + (amount.refund as number) > t.amountFen)
      return this.error(res, 400, 'NOT_ENOUGH', '可退金额不足');
    t.refundedFen += amount.refund as number;
    t.state = 'REFUND';
    const r: DoubleRefund = {
      outRefundNo,
      outTradeNo: t.outTradeNo,
      refundId: `50${Date.now()}${++this.seq}`,
      amountFen: amount.refund as number,
      totalFen: t.amountFen,
      reason: typeof d.reason === 'string' ? d.reason : undefined,
      status: 'PROCESSING',
      pendingQueries: this.refundQueriesBeforeSuccess,
      createdAt: new Date(),
    };
    this.refunds.set(outRefundNo, r);
    return this.send(res, 200, this.refundView(r));
  }

  private view(t: DoubleTrade) {
    const paid = t.state === 'SUCCESS' || t.state === 'REFUND';
    return {
      appid: t.appid,
      mchid: this.options.mchid,
      out_trade_no: t.outTradeNo,
      trade_type: 'NATIVE',
      trade_state: t.state,
      trade_state_desc: t.state,
      ...(paid
        ? {
            transaction_id: t.transactionId,
            success_time: t.successTime,
            bank_type: 'OTHERS',
            payer: { openid: 'o-double-payer' },
          }
        : {}),
      amount: paid
        ? { total: t.amountFen, payer_total: t.amountFen, currency: 'CNY', payer_currency: 'CNY' }
        : { total: t.amountFen, currency: 'CNY' },
    };
  }

  private refundView(r: DoubleRefund) {
    const t = this.trades.get(r.outTradeNo);
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: t?.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: r.status,
      create_time: chinaTime(r.createdAt),
      ...(r.status === 'SUCCESS' ? { success_time: chinaTime(new Date()) } : {}),
      amount: {
        total: r.totalFen,
        refund: r.amountFen,
        payer_total: r.totalFen,
        payer_refund: r.amountFen,
        currency: 'CNY',
      },
    };
  }

  /**
   * The payer pays (NOTPAY -> SUCCESS). `force` pays a closed trade anyway (a real provider
   * may still take money on a trade we think closed); `amountFen` makes the provider's book
   * say another amount (a tampered trade). Returns the trade, or undefined when it was not
   * payable.
   */
  pay(outTradeNo: string, o: { force?: boolean; amountFen?: number } = {}) {
    const t = this.trades.get(outTradeNo);
    if (!t || !(t.state === 'NOTPAY' || (o.force && t.state === 'CLOSED'))) return undefined;
    t.state = 'SUCCESS';
    t.transactionId = `4200${Date.now()}${String(++this.seq).padStart(6, '0')}`;
    t.successTime = chinaTime(new Date());
    if (o.amountFen !== undefined) t.amountFen = o.amountFen;
    return t;
  }

  /** The notification of a paid trade, signed and encrypted as WeChat Pay sends it. */
  notification(outTradeNo: string, o: { at?: Date; apiV3Key?: string } = {}): SignedNotification {
    const t = this.trades.get(outTradeNo);
    if (!t?.transactionId) throw new Error(`double: trade ${outTradeNo} is not paid`);
    const resource = {
      mchid: this.options.mchid,
      appid: t.appid,
      out_trade_no: t.outTradeNo,
      transaction_id: t.transactionId,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: t.successTime,
      payer: { openid: 'o-double-payer' },
      amount: { total: t.amountFen, payer_total: t.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    };
    const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat Pay's
    const associated = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(o.apiV3Key ?? this.options.apiV3Key), nonce);
    cipher.setAAD(Buffer.from(associated));
    const encrypted = Buffer.concat([
      cipher.update(json(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = json({
      id: randomBytes(16).toString('hex'),
      create_time: chinaTime(new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: associated,
        nonce,
      },
    });
    return { headers: { 'Content-Type': 'application/json', ...this.signedHeaders(body, o.at) }, body };
  }

  /** Sends a paid trade's notification to its notify URL (through `deliver`, or HTTP). */
  async notify(outTradeNo: string) {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`double: no trade ${outTradeNo}`);
    const n = this.notification(outTradeNo);
    if (this.options.deliver) return this.options.deliver(t.notifyUrl, n);
    const res = await fetch(t.notifyUrl, { method: 'POST', headers: n.headers, body: n.body });
    return { status: res.status, body: await res.text() };
  }

  /** The trade bill (交易账单, ALL) of one China day, as WeChat Pay's CSV. */
  tradeBill(date: string) {
    const head =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const rows: string[] = [];
    let paidFen = 0;
    let refundFen = 0;
    const row = (cells: (string | number)[]) => rows.push(cells.map((c) => `\`${c}`).join(','));
    for (const t of this.trades.values()) {
      if (!t.transactionId || !t.successTime?.startsWith(date)) continue;
      paidFen += t.amountFen;
      const when = t.successTime.slice(0, 19).replace('T', ' ');
      row([
        when,
        t.appid,
        this.options.mchid,
        0,
        '',
        t.transactionId,
        t.outTradeNo,
        'o-double-payer',
        'NATIVE',
        'SUCCESS',
        'OTHERS',
        'CNY',
        yuan(t.amountFen),
        '0.00',
        0,
        0,
        '0.00',
        '0.00',
        '',
        '',
        t.description,
        '',
        yuan(Math.round(t.amountFen * 0.006)),
        '0.60%',
        yuan(t.amountFen),
        '0.00',
        '',
      ]);
    }
    for (const r of this.refunds.values()) {
      const t = this.trades.get(r.outTradeNo);
      if (!t?.transactionId || !chinaTime(r.createdAt).startsWith(date)) continue;
      refundFen += r.amountFen;
      row([
        chinaTime(r.createdAt).slice(0, 19).replace('T', ' '),
        t.appid,
        this.options.mchid,
        0,
        '',
        t.transactionId,
        t.outTradeNo,
        'o-double-payer',
        'NATIVE',
        'REFUND',
        'OTHERS',
        'CNY',
        yuan(t.amountFen),
        '0.00',
        r.refundId,
        r.outRefundNo,
        yuan(r.amountFen),
        '0.00',
        'ORIGINAL',
        r.status,
        t.description,
        '',
        '0.00',
        '0.60%',
        yuan(t.amountFen),
        yuan(r.amountFen),
        '',
      ]);
    }
    return [
      head,
      ...rows,
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      [rows.length, yuan(paidFen), yuan(refundFen), '0.00', '0.00', yuan(paidFen), yuan(refundFen)]
        .map((c) => `\`${c}`)
        .join(','),
      '',
    ].join('\r\n');
  }
}
