import { invoiceFigures, redFigures, yuanInCapitals } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { DEMO_MARK, renderInvoicePdf } from './pdf';

describe('invoice PDF', () => {
  it('runs a long order over several pages, each with its header, the totals on the last', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      id: i + 1,
      name: `阿莫西林胶囊第${i + 1}号`,
      spec: '0.25g*24粒',
      unit: '盒',
      quantity: 3,
      payableFen: 1_000 + i,
      taxCode: i % 5 === 0 ? '1070303010000000000' : '1070301020000000000',
      taxRate: i % 5 === 0 ? 9 : 13,
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
        demo: false,
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.join('')).not.toContain(DEMO_MARK);
    for (const page of pages) expect(page).toContain('电子发票（普通发票）');
    for (let i = 1; i <= 70; i++) expect(pages.join('')).toContain(`阿莫西林胶囊第${i}号`);
    expect(pages.at(-1)).toContain(yuanInCapitals(f.totalFen));
    expect(pages.at(-1)).toContain('开票人：财务小李');
  });

  it('marks a demo invoice on every page and a red one with the number it reverses', async () => {
    const blue = invoiceFigures(
      [
        {
          id: 1,
          name: '感冒清热颗粒',
          spec: '12g*10袋',
          unit: '盒',
          quantity: 2,
          payableFen: 3_466,
          taxCode: '1070302000000000000',
          taxRate: 13,
        },
      ],
      { deductionFen: 0, shippingFen: 0, refundedFen: 0 },
    );
    const red = redFigures(blue.lines);
    const pages = await pdfText(
      await renderInvoicePdf({
        type: 1,
        invoiceNo: '26117000000000000009',
        issuedOn: '2026-11-26',
        buyer: { title: '仁心大药房', taxNo: '' },
        seller: { name: '药采', taxNo: '91330108MA2H3K5X7Q', address: '杭州' },
        ...red,
        orderNo: 'YC2',
        issuer: '财务小李',
        reverses: '26117000000000000001',
        demo: true,
      }),
    );
    const text = pages.join('');
    expect(text).toContain(DEMO_MARK);
    expect(text).toContain('（红字）');
    expect(text).toContain('26117000000000000001');
    expect(text).toContain('*中成药*感冒清热颗粒');
    expect(text).toContain('-34.66');
    expect(text).toContain(yuanInCapitals(-3_466));
  });
});
