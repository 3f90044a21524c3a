// WeChat Pay API v3, Native payment (the payer scans a QR code on the PC site), in the
// 微信支付公钥 mode. Requests go through `wechatpay-axios-plugin` (it signs each request with the
// merchant key, WECHATPAY2-SHA256-RSA2048, and verifies each answer's Wechatpay-Signature with
// the public key named by Wechatpay-Serial); notifications are verified and decrypted here with
// node:crypto, following the documents: RSA-SHA256 over "timestamp\nnonce\nbody\n", then the
// resource decrypted with AEAD_AES_256_GCM under the APIv3 key.
import { createDecipheriv, createHash, verify } from 'node:crypto';
import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import type { WechatPaySettings } from '../../../lib/payment-channels/wechat';
import {
  type BillLine,
  type NotificationRequest,
  type PaymentProvider,
  ProviderError,
  type RefundState,
  type TradeClaim,
  type TradeQuery,
} from '../provider';

const NAME = 'wechat';
/** How far a notification's timestamp may be from our clock (the documents' five minutes). */
const MAX_CLOCK_OFFSET_S = 300;

const transaction = z.object({
  mchid: z.string(),
  appid: z.string().optional(),
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64).optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative().optional() }).optional(),
});

const notification = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    nonce: z.string().min(1),
  }),
});

const header = (headers: NotificationRequest['headers'], name: string) => {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An RFC 3339 time in China time (+08:00), as time_expire wants it. */
export function chinaTime(at: Date) {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** WeChat Pay's words for a failed call, safe to show to 财务 (the provider's code and message). */
function providerError(e: unknown): ProviderError {
  const err = e as AxiosError<{ code?: string; message?: string }>;
  if (err?.code === 'ECONNABORTED' || err?.code === 'ETIMEDOUT')
    return new ProviderError(NAME, '微信支付请求超时，请稍后重试');
  const data = err?.response?.data;
  if (err?.response && data && typeof data === 'object' && data.code)
    return new ProviderError(NAME, `微信支付：${data.message ?? ''}（${data.code}）`);
  if (err?.code?.startsWith('EV3_')) return new ProviderError(NAME, '微信支付应答签名验证失败');
  if (err?.response) return new ProviderError(NAME, `微信支付应答异常（HTTP ${err.response.status}）`);
  return new ProviderError(NAME, '无法连接微信支付，请稍后重试');
}

const codeOf = (e: unknown) => (e as AxiosError<{ code?: string }>)?.response?.data?.code;

const refundStates: Record<string, RefundState> = {
  SUCCESS: 'SUCCESS',
  PROCESSING: 'PROCESSING',
  ABNORMAL: 'FAILED',
  CLOSED: 'FAILED',
};

function refundStateOf(status: unknown): RefundState {
  const state = typeof status === 'string' ? refundStates[status] : undefined;
  if (!state) throw new ProviderError(NAME, `微信支付退款状态未知：${String(status)}`);
  return state;
}

/** Yuan with two decimals ("100.00", "0.5") to fen, without floating point. */
function fenOf(yuan: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) throw new ProviderError(NAME, `微信支付账单金额格式有误：${yuan}`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/**
 * Parses a trade bill (交易账单, bill_type ALL): a header line, one line per trade event whose
 * fields each start with a backtick, then the totals (总交易单数…) which are skipped. Columns are
 * found by name. A SUCCESS line is money in (订单金额); a REFUND line is money out
 * (申请退款金额, or 退款金额), with our refund number.
 */
export function parseTradeBill(csv: string): BillLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const head = lines[0]?.split(',').map((h) => h.trim()) ?? [];
  const col = (name: string) => head.indexOf(name);
  const at = {
    transactionId: col('微信订单号'),
    outTradeNo: col('商户订单号'),
    state: col('交易状态'),
    orderFen: col('订单金额') >= 0 ? col('订单金额') : col('应结订单金额'),
    refundNo: col('商户退款单号'),
    refundFen: col('申请退款金额') >= 0 ? col('申请退款金额') : col('退款金额'),
  };
  if (Object.values(at).some((i) => i < 0)) throw new ProviderError(NAME, '微信支付账单表头无法识别');
  const out: BillLine[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break; // the totals' header (总交易单数,…) ends the trade lines
    const cells = line.split(',').map((c) => c.replace(/^`/, '').trim());
    const state = cells[at.state];
    const base = { outTradeNo: cells[at.outTradeNo], transactionId: cells[at.transactionId] };
    if (state === 'SUCCESS') out.push({ ...base, kind: 'pay', amountFen: fenOf(cells[at.orderFen]) });
    else if (state === 'REFUND')
      out.push({
        ...base,
        kind: 'refund',
        amountFen: fenOf(cells[at.refundFen]),
        refundNo: cells[at.refundNo] || undefined,
      });
  }
  return out;
}

/** The WeChat Pay provider of the `wechat` channel. */
export function createWechatPayProvider(settings: WechatPaySettings): PaymentProvider {
  const wxpay = new Wechatpay({
    mchid: settings.mchid,
    serial: settings.mchSerial,
    privateKey: settings.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certs: { [settings.publicKeyId]: settings.publicKey },
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs,
    // A provider answer is never proxied through the environment's proxy settings.
    proxy: false,
  });
  const v3: AxiosInstance = wxpay.client.v3;
  const call = async <T = Record<string, unknown>>(config: AxiosRequestConfig) => {
    try {
      return (await v3.request<T>(config)).data;
    } catch (e) {
      throw providerError(e);
    }
  };
  const tradePath = (outTradeNo: string) =>
    `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  async function query(outTradeNo: string): Promise<TradeQuery> {
    let data: unknown;
    try {
      data = (await v3.get(tradePath(outTradeNo), { params: { mchid: settings.mchid } })).data;
    } catch (e) {
      if (codeOf(e) === 'ORDER_NOT_EXIST') return { state: 'NOT_FOUND' };
      throw providerError(e);
    }
    const t = transaction.safeParse(data);
    if (!t.success || t.data.out_trade_no !== outTradeNo || t.data.mchid !== settings.mchid)
      throw new ProviderError(NAME, '微信支付查询应答与订单不符');
    const { trade_state: state, amount, transaction_id, success_time } = t.data;
    if (state === 'SUCCESS' || state === 'REFUND') {
      if (amount?.total === undefined || !transaction_id)
        throw new ProviderError(NAME, '微信支付查询应答缺少金额或交易号');
      return {
        state,
        amountFen: amount.total,
        transactionId: transaction_id,
        paidAt: success_time ? new Date(success_time) : new Date(),
      };
    }
    // USERPAYING: the payer is entering the password; still unpaid (and closable).
    if (state === 'NOTPAY' || state === 'USERPAYING') return { state: 'NOTPAY' };
    return { state: 'CLOSED' }; // CLOSED, REVOKED, PAYERROR
  }

  return {
    name: NAME,
    label: '微信支付',
    async createPayment(_db, request) {
      const data = await call<{ code_url?: string }>({
        method: 'POST',
        url: 'v3/pay/transactions/native',
        data: {
          appid: settings.appid,
          mchid: settings.mchid,
          description: request.subject.slice(0, 40),
          out_trade_no: request.outTradeNo,
          time_expire: chinaTime(request.expiresAt),
          notify_url: settings.notifyUrl,
          amount: { total: request.amountFen, currency: 'CNY' },
        },
      });
      if (!data.code_url) throw new ProviderError(NAME, '微信支付未返回支付二维码');
      return { qrContent: data.code_url };
    },

    async readNotification(_db, request): Promise<TradeClaim | null> {
      const timestamp = header(request.headers, 'Wechatpay-Timestamp');
      const nonce = header(request.headers, 'Wechatpay-Nonce');
      const signature = header(request.headers, 'Wechatpay-Signature');
      const serial = header(request.headers, 'Wechatpay-Serial');
      if (!timestamp || !nonce || !signature || serial !== settings.publicKeyId) return null;
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_CLOCK_OFFSET_S
      )
        return null;
      const message = Buffer.from(`${timestamp}\n${nonce}\n${request.body}\n`, 'utf8');
      if (!verify('sha256', message, settings.publicKey, Buffer.from(signature, 'base64'))) return null;
      const n = notification.safeParse(parseJson(request.body));
      if (!n.success || n.data.event_type !== 'TRANSACTION.SUCCESS') return null;
      const { ciphertext, associated_data, nonce: iv } = n.data.resource;
      let plain: string;
      try {
        const bytes = Buffer.from(ciphertext, 'base64');
        if (bytes.length <= 16) return null;
        const decipher = createDecipheriv('aes-256-gcm', settings.apiV3Key, Buffer.from(iv, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        decipher.setAAD(Buffer.from(associated_data ?? '', 'utf8'));
        plain = Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
      const t = transaction.safeParse(parseJson(plain));
      if (!t.success || t.data.mchid !== settings.mchid || t.data.trade_state !== 'SUCCESS') return null;
      if (t.data.appid !== undefined && t.data.appid !== settings.appid) return null;
      if (!t.data.transaction_id || t.data.amount?.total === undefined) return null;
      return {
        outTradeNo: t.data.out_trade_no,
        transactionId: t.data.transaction_id,
        amountFen: t.data.amount.total,
      };
    },

    // WeChat Pay's documented answers: 200 when taken; 4XX/5XX with {code: FAIL} asks it to
    // send the notification again later (ours: 500 when we failed inside, 400 for a refusal).
    reply(accepted, message) {
      if (accepted)
        return {
          status: 200,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
        };
      return {
        status: message === '处理失败' ? 500 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message }),
      };
    },

    query: (_db, outTradeNo) => query(outTradeNo),

    // Close, then ask: a payer who paid before the close makes it 'paid' (WeChat Pay answers
    // the close of a paid trade with ORDERPAID, or closes nothing).
    async close(_db, outTradeNo) {
      let closeError: unknown;
      try {
        await v3.post(`${tradePath(outTradeNo)}/close`, { mchid: settings.mchid });
      } catch (e) {
        closeError = e;
      }
      const q = await query(outTradeNo);
      if (q.state === 'SUCCESS' || q.state === 'REFUND') return 'paid';
      if (q.state === 'CLOSED' || q.state === 'NOT_FOUND') return 'closed';
      if (closeError) throw providerError(closeError);
      return 'closed';
    },

    async refund(_db, request) {
      const data = await call<{ status?: string }>({
        method: 'POST',
        url: 'v3/refund/domestic/refunds',
        data: {
          out_trade_no: request.outTradeNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
        },
      });
      return refundStateOf(data.status);
    },

    async queryRefund(_db, { refundNo }) {
      const data = await call<{ status?: string }>({
        method: 'GET',
        url: `v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
      });
      return refundStateOf(data.status);
    },

    async bill(_db, date) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ProviderError(NAME, `账单日期有误：${date}`);
      const bill = await call<{ download_url?: string; hash_type?: string; hash_value?: string }>({
        method: 'GET',
        url: 'v3/bill/tradebill',
        params: { bill_date: date, bill_type: 'ALL' },
      });
      if (!bill.download_url) throw new ProviderError(NAME, '微信支付未返回账单下载地址');
      // The download answers the file itself, unsigned (the documents: check its hash instead);
      // the request is signed like any other, on the path and query of the given address.
      const url = new URL(bill.download_url);
      const file = await call<ArrayBuffer>({
        method: 'GET',
        url: url.pathname.replace(/^\//, ''),
        params: Object.fromEntries(url.searchParams),
        responseType: 'arraybuffer',
      });
      const bytes = Buffer.from(file);
      if (bill.hash_type === 'SHA1' && bill.hash_value) {
        const hash = createHash('sha1').update(bytes).digest('hex');
        if (hash.toLowerCase() !== bill.hash_value.toLowerCase())
          throw new ProviderError(NAME, '微信支付账单文件校验失败');
      }
      return parseTradeBill(bytes.toString('utf8'));
    },
  };
}
