import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateFefo,
  gtinCheckDigitOk,
  readLineTraceCodes,
  readTraceCode,
  type StockBatch,
} from './shipping';

const batch = (id: number, expiresOn: string, quantity: number): StockBatch => ({
  id,
  batchNo: `B${id}`,
  expiresOn,
  quantity,
});

describe('allocateFefo', () => {
  it('takes the earliest expiry first, then the batch received first', () => {
    const result = allocateFefo(
      [batch(3, '2028-01-01', 10), batch(2, '2027-06-30', 5), batch(1, '2027-06-30', 4)],
      12,
      '2026-11-26',
    );
    expect(result).toEqual({
      ok: true,
      takes: [
        { batchId: 1, batchNo: 'B1', expiresOn: '2027-06-30', quantity: 4 },
        { batchId: 2, batchNo: 'B2', expiresOn: '2027-06-30', quantity: 5 },
        { batchId: 3, batchNo: 'B3', expiresOn: '2028-01-01', quantity: 3 },
      ],
    });
  });

  it('never ships a batch that expires today or earlier (Beijing date)', () => {
    const batches = [batch(1, '2026-11-26', 50), batch(2, '2026-11-27', 3)];
    expect(allocateFefo(batches, 3, '2026-11-26')).toMatchObject({ ok: true, takes: [{ batchId: 2 }] });
    expect(allocateFefo(batches, 4, '2026-11-26')).toEqual({ ok: false, available: 3 });
    expect(allocateFefo(batches, 1, '2026-11-27')).toEqual({ ok: false, available: 0 });
  });

  it('takes exactly what is needed, never more than a batch holds, in expiry order', () => {
    const arbBatches = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 10_000 }),
        expiresOn: fc.constantFrom('2026-11-25', '2026-11-26', '2026-12-01', '2027-05-01', '2028-02-29'),
        quantity: fc.integer({ min: 0, max: 40 }),
      }),
      { selector: (b) => b.id, maxLength: 8 },
    );
    fc.assert(
      fc.property(arbBatches, fc.integer({ min: 1, max: 200 }), (raw, need) => {
        const batches = raw.map((b) => ({ ...b, batchNo: `B${b.id}` }));
        const inDate = batches.filter((b) => b.expiresOn > '2026-11-26');
        const available = inDate.reduce((sum, b) => sum + b.quantity, 0);
        const result = allocateFefo(batches, need, '2026-11-26');
        if (!result.ok) {
          expect(available).toBeLessThan(need);
          expect(result.available).toBe(available);
          return;
        }
        expect(result.takes.reduce((sum, t) => sum + t.quantity, 0)).toBe(need);
        for (const t of result.takes) {
          const source = batches.find((b) => b.id === t.batchId)!;
          expect(t.quantity).toBeGreaterThan(0);
          expect(t.quantity).toBeLessThanOrEqual(source.quantity);
          expect(source.expiresOn > '2026-11-26').toBe(true);
        }
        // Only the last batch taken may be partly used; every earlier-expiring batch is emptied.
        const last = result.takes.at(-1)!;
        for (const b of inDate)
          if (b.quantity > 0 && b.expiresOn < last.expiresOn)
            expect(result.takes.find((t) => t.batchId === b.id)?.quantity).toBe(b.quantity);
      }),
    );
  });
});

describe('trace codes', () => {
  it('reads 20-digit codes and GS1 codes in either form, as one canonical code', () => {
    expect(readTraceCode('81234567890123456789')).toEqual({ ok: true, code: '81234567890123456789' });
    expect(gtinCheckDigitOk('06901234567892')).toBe(true);
    expect(readTraceCode('(01)06901234567892(17)281231(10)A2511(21)SN0001')).toEqual({
      ok: true,
      code: '010690123456789221SN0001',
    });
    expect(readTraceCode('01069012345678921728123110A2511\u001d21SN0001')).toEqual({
      ok: true,
      code: '010690123456789221SN0001',
    });
  });

  it('refuses codes with a reason in Chinese', () => {
    expect(readTraceCode('8123456789')).toMatchObject({ ok: false, reason: expect.stringContaining('20位') });
    expect(readTraceCode('(01)06901234567893(21)SN1')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('校验位'),
    });
    expect(readTraceCode('(01)06901234567892(17)281231')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('序列号'),
    });
    expect(readTraceCode('ABC-123')).toMatchObject({ ok: false, reason: expect.stringContaining('GS1') });
  });

  it('wants one code per pack, each once', () => {
    expect(readLineTraceCodes('81234567890123456789\n81234567890123456790', 2)).toEqual({
      ok: true,
      codes: ['81234567890123456789', '81234567890123456790'],
    });
    expect(readLineTraceCodes('81234567890123456789, 81234567890123456789', 2)).toEqual({
      ok: false,
      problems: ['追溯码 81234567890123456789 重复录入'],
    });
    expect(readLineTraceCodes('81234567890123456789', 3)).toEqual({
      ok: false,
      problems: ['应录入3个追溯码（每件一个），现为1个'],
    });
    // The same pack written as bracketed and as scanned GS1 is one code.
    expect(readLineTraceCodes('(01)06901234567892(21)X1；01069012345678922' + '1X1', 2)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('重复')],
    });
  });
});
