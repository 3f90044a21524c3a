import { beijingToday, type InvoiceLine, invoiceNumber } from '@yaocai/domain';

// The e-invoice provider seam (as payment/provider.ts is for money): what issues an invoice at
// the tax authority. `demo` numbers and dates it here and our PDF is drawn from the row (marked
// 演示 · 非税务发票); `nuonuo` sends it to 诺诺开放平台 (nuonuo.ts), which issues a 数电发票
// asynchronously: the answer to issue is a serial number, and query tells when it is done.

/** What is asked of the provider: one invoice as the row holds it (red: negative lines). */
export interface InvoiceRequest {
  /** Our invoice id and a number unique per invoice at the provider (its orderNo). */
  id: number;
  requestNo: string;
  /** 1 普通发票, 2 增值税专用发票. */
  type: number;
  buyer: { title: string; taxNo: string; phone?: string };
  lines: readonly InvoiceLine[];
  totalFen: number;
  at: Date;
  /** Who issues (开票人). */
  clerk: string;
}

/** The blue invoice a red one reverses, as the provider issued it. */
export interface IssuedOriginal {
  invoiceNo: string;
  serial: string | null;
  issuedAt: Date;
}

/** The provider's answer: issued (with its number), still issuing (ask again), or refused. */
export type IssueOutcome =
  | { state: 'issued'; serial: string | null; invoiceNo: string; issuedAt: Date; pdfUrl: string | null }
  | { state: 'issuing'; serial: string }
  | { state: 'failed'; serial: string | null; message: string };

export interface InvoiceProvider {
  readonly name: string;
  /** True when what it issues is no tax document (the demo). */
  readonly demo: boolean;
  issue(request: InvoiceRequest): Promise<IssueOutcome>;
  /** Issues the red-letter invoice of `original` (request.lines are the negated lines). */
  issueRed(original: IssuedOriginal, request: InvoiceRequest): Promise<IssueOutcome>;
  /** The current state of an invoice the provider is issuing. */
  query(serial: string): Promise<IssueOutcome>;
}

/** The demo provider: issues at once, numbering as a 数电发票 number looks (domain invoiceNumber). */
export const demoInvoiceProvider: InvoiceProvider = {
  name: 'demo',
  demo: true,
  async issue(request) {
    return {
      state: 'issued',
      serial: null,
      invoiceNo: invoiceNumber(request.id, beijingToday(request.at)),
      issuedAt: request.at,
      pdfUrl: null,
    };
  },
  async issueRed(_original, request) {
    return this.issue(request);
  },
  async query(serial) {
    return { state: 'failed', serial, message: '演示开票不经过开票平台' };
  },
};

/**
 * Asks the provider until the invoice is issued or refused, `attempts` times at most, `waitMs`
 * apart; the last answer otherwise (still issuing).
 */
export async function awaitOutcome(
  provider: InvoiceProvider,
  serial: string,
  { attempts = 5, waitMs = 1000 } = {},
): Promise<IssueOutcome> {
  let outcome: IssueOutcome = { state: 'issuing', serial };
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, waitMs));
    outcome = await provider.query(serial);
    if (outcome.state !== 'issuing') return outcome;
  }
  return outcome;
}
