import { invoiceFigures, yuanInCapitals } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { renderInvoicePdf } from './pdf';

describe('invoice PDF', () => {
  it('runs a long order over several pages, each with its header, the totals on the last', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      id: i + 1,
      name: `阿莫西林胶囊第${i + 1}号`,
      spec: '0.25g*24粒',
      unit: '盒',
      quantity: 3,
      payableFen: 1_000 + i,
      kind: i % 5 === 0 ? 'herb' : 'drug',
    }));
    const f = invoiceFigures(lines, { deductionFen: 700, shippingFen: 0, refundedFen: 0 });
    const pages = await pdfText(
      await renderInvoicePdf({
        type: 1,
        invoiceNo: '26117000000000000001',
        issuedOn: '2026-11-25',
        buyer: { title: '仁心大药房', taxNo: '' },
        seller: { name: '药采医药科技（杭州）有限公司', taxNo: '91330108MA2H3K5X7Q', address: '杭州' },
        lines: f.lines,
        amountFen: f.amountFen,
        taxFen: f.taxFen,
        totalFen: f.totalFen,
        orderNo: 'YC1',
        issuer: '财务小李',
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('电子发票（普通发票）');
    for (let i = 1; i <= 70; i++) expect(pages.join('')).toContain(`阿莫西林胶囊第${i}号`);
    expect(pages.at(-1)).toContain(yuanInCapitals(f.totalFen));
    expect(pages.at(-1)).toContain('开票人：财务小李');
  });
});
