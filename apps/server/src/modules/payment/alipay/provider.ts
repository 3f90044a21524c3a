// Alipay 当面付 (precreate QR) through Alipay's official SDK (alipay-sdk v4, the OpenAPI gateway
// protocol: requests signed RSA2 with the app's key, every answer verified against Alipay's
// public key). Amounts cross the wire as yuan text with two decimals, converted from fen exactly.
import { fromYuan, yuanDecimal } from '@yaocai/domain';
import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import type { AlipaySettings } from '../../../lib/payment-channels/alipay';
import {
  type BillLine,
  type PaymentProvider,
  ProviderError,
  type RefundState,
  type TradeClaim,
  type TradeQuery,
} from '../provider';
import { parseAlipayBill } from './bill';
import { alipayTime, parseAlipayTime } from './time';

const SUCCESS = '10000';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

const fail = (message: string) => new ProviderError('alipay', message);

/** Alipay's own words for a refusal (sub_msg), or its code when it gave none. */
const refusalText = (a: AlipaySdkCommonResult) => `支付宝：${a.sub_msg || a.msg || a.code}`;

/** What the SDK threw (unreachable, time-out, an answer not signed by Alipay) in 财务's words. */
function transportError(e: unknown): ProviderError {
  if (!(e instanceof AlipayRequestError)) return fail('支付宝接口调用失败');
  const cause = e.cause as { name?: string } | undefined;
  if (cause?.name?.includes('Timeout')) return fail('支付宝接口请求超时');
  if (e.message.startsWith('验签失败')) {
    // An unsigned refusal (a gateway error) still says why; it is only shown, never believed.
    const raw = parseJson(e.responseDataRaw);
    const answer = raw && (Object.values(raw).find((v) => typeof v === 'object') as AlipaySdkCommonResult);
    if (answer?.code && answer.code !== SUCCESS) return fail(refusalText(answer));
    return fail('支付宝应答签名验证失败');
  }
  if (e.message.startsWith('HttpClient Request error')) return fail('支付宝接口无法访问');
  return fail('支付宝应答无效');
}

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function fenOf(yuan: unknown): number | undefined {
  try {
    return typeof yuan === 'string' ? fromYuan(yuan) : undefined;
  } catch {
    return undefined;
  }
}

export function createAlipayProvider(settings: AlipaySettings): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    timeout: settings.timeoutMs,
    // Alipay's own field names (trade_status, qr_code), as its documents write them.
    camelcase: false,
  });

  /** One gateway call; the answer's signature is Alipay's or this throws. */
  async function call(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<AlipaySdkCommonResult> {
    try {
      return await sdk.exec(method, { ...extra, bizContent }, { validateSign: true });
    } catch (e) {
      throw transportError(e);
    }
  }

  async function query(outTradeNo: string): Promise<TradeQuery> {
    const a = await call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (a.code !== SUCCESS) {
      // A precreated trade exists at Alipay only once the payer has scanned it.
      if (a.sub_code === TRADE_NOT_EXIST) return { state: 'NOT_FOUND' };
      throw fail(refusalText(a));
    }
    switch (a.trade_status) {
      case 'WAIT_BUYER_PAY':
        return { state: 'NOTPAY' };
      case 'TRADE_CLOSED':
        // Closed unpaid, or paid and then refunded in full (it was paid: it has a payment time).
        if (!a.send_pay_date) return { state: 'CLOSED' };
        return paid(a, 'REFUND');
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return paid(a, 'SUCCESS');
      default:
        throw fail('支付宝应答无效');
    }
  }

  function paid(a: AlipaySdkCommonResult, state: 'SUCCESS' | 'REFUND'): TradeQuery {
    const amountFen = fenOf(a.total_amount);
    if (amountFen === undefined || !a.trade_no) throw fail('支付宝应答无效');
    return {
      state,
      amountFen,
      transactionId: String(a.trade_no),
      paidAt: parseAlipayTime(a.send_pay_date) ?? new Date(),
    };
  }

  async function queryRefund(outTradeNo: string, refundNo: string): Promise<RefundState> {
    const a = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: refundNo,
    });
    if (a.code !== SUCCESS) {
      if (a.sub_code === TRADE_NOT_EXIST) return 'FAILED';
      throw fail(refusalText(a));
    }
    if (a.refund_status === 'REFUND_SUCCESS') return 'SUCCESS';
    // No such refund request at Alipay: it never took it; 财务 sends it again (same number).
    if (!a.out_request_no) return 'FAILED';
    return 'PROCESSING';
  }

  return {
    name: 'alipay',
    label: '支付宝',
    async createPayment(_db, request) {
      const a = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: request.outTradeNo,
          total_amount: yuanDecimal(request.amountFen),
          subject: request.subject,
          // The QR code should not outlive the order.
          time_expire: alipayTime(request.expiresAt),
        },
        { notify_url: settings.notifyUrl },
      );
      if (a.code !== SUCCESS) throw fail(refusalText(a));
      if (typeof a.qr_code !== 'string' || !a.qr_code) throw fail('支付宝应答无效');
      return { qrContent: a.qr_code };
    },
    async readNotification(_db, request): Promise<TradeClaim | null> {
      const params = Object.fromEntries(new URLSearchParams(request.body));
      if (params.app_id !== settings.appId) return null;
      // The raw variant: URLSearchParams has decoded the values once already.
      if (!sdk.checkNotifySignV2(params)) return null;
      const amountFen = fenOf(params.total_amount);
      if (!params.out_trade_no || !params.trade_no || amountFen === undefined) return null;
      return { outTradeNo: params.out_trade_no, transactionId: params.trade_no, amountFen };
    },
    reply(accepted) {
      // Alipay reads the body: "success" stops its retries, anything else asks for another.
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
    },
    query: (_db, outTradeNo) => query(outTradeNo),
    async close(_db, outTradeNo) {
      const a = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (a.code === SUCCESS) return 'closed';
      if (a.code !== '40004') throw fail(refusalText(a));
      // Not closable (paid, closed, or never scanned): the trade's state says whether a payer was
      // first. A QR never scanned cannot be closed at Alipay; money paid on it later finds the
      // trade closed on our side and goes back (trades.ts).
      const q = await query(outTradeNo);
      return q.state === 'SUCCESS' || q.state === 'REFUND' ? 'paid' : 'closed';
    },
    async refund(_db, { outTradeNo, refundNo, amountFen, reason }) {
      const a = await call('alipay.trade.refund', {
        out_trade_no: outTradeNo,
        out_request_no: refundNo,
        refund_amount: yuanDecimal(amountFen),
        refund_reason: reason,
      });
      if (a.code !== SUCCESS) throw fail(refusalText(a));
      // fund_change N: already refunded by this number, or not finished: the refund query says.
      return a.fund_change === 'Y' ? 'SUCCESS' : queryRefund(outTradeNo, refundNo);
    },
    queryRefund: (_db, { outTradeNo, refundNo }) => queryRefund(outTradeNo, refundNo),
    async bill(_db, date): Promise<BillLine[]> {
      const a = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: date,
      });
      if (a.code !== SUCCESS) throw fail(refusalText(a));
      let zip: Uint8Array;
      try {
        const response = await fetch(String(a.bill_download_url), {
          signal: AbortSignal.timeout(settings.timeoutMs * 6),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        zip = new Uint8Array(await response.arrayBuffer());
      } catch {
        throw fail('支付宝对账单下载失败');
      }
      const lines = parseAlipayBill(zip);
      if (!lines) throw fail('支付宝对账单格式无法识别');
      return lines;
    },
  };
}
