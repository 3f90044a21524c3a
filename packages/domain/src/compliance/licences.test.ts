import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeClassCodes } from '../catalog/scope';
import { addDays } from '../time/beijing';
import {
  buyingValidUntil,
  expiryWarnings,
  explainMissingScope,
  idCardNumberOk,
  isValidOn,
  type Licence,
  licenceExpiryNotice,
  licencesCovering,
  licenceTypes,
  licensedScope,
  qualificationGaps,
  requiredLicences,
  warningDueOn,
} from './licences';

const today = '2026-11-23';
const licence = (over: Partial<Licence>): Licence => ({
  id: 1,
  type: 'drug_licence',
  number: '粤AA0000001',
  validUntil: '2027-06-30',
  scopes: ['cfy', 'fcfy', 'zcy'],
  ...over,
});
const pharmacy = [
  licence({ id: 1, type: 'business_licence', validUntil: null, scopes: ['qx1'] }),
  licence({ id: 2 }),
  licence({ id: 3, type: 'proxy', validUntil: '2027-01-31', scopes: [] }),
];

describe('licence validity (Beijing calendar)', () => {
  it('is valid through its expiry day and not the day after', () => {
    expect(isValidOn(licence({ validUntil: today }), today)).toBe(true);
    expect(isValidOn(licence({ validUntil: today }), addDays(today, 1))).toBe(false);
  });
  it('never expires when long-term', () => {
    expect(isValidOn(licence({ validUntil: null }), '2099-12-31')).toBe(true);
  });
});

describe('licensedScope', () => {
  it('is the union of the valid licences, each limited to what its type may grant', () => {
    const scope = licensedScope(
      [
        licence({ scopes: ['cfy', 'qx3'] }), // a drug licence cannot grant class III devices
        licence({ id: 2, type: 'device_record', validUntil: null, scopes: ['qx2'] }),
      ],
      today,
    );
    expect(scope).toEqual(['cfy', 'qx2']);
  });
  it('drops the grants of an expired licence from the next day on', () => {
    const held = [licence({ validUntil: today, scopes: ['zcy'] })];
    expect(licensedScope(held, today)).toEqual(['zcy']);
    expect(licensedScope(held, addDays(today, 1))).toEqual([]);
  });
  it('only ever contains codes some valid licence grants (property)', () => {
    const arbLicence = fc.record({
      id: fc.nat(),
      type: fc.constantFrom(...licenceTypes.map((t) => t.code), 'unknown'),
      number: fc.constant('x'),
      validUntil: fc.option(fc.integer({ min: -400, max: 400 }).map((d) => addDays(today, d))),
      scopes: fc.subarray([...scopeClassCodes]),
    });
    fc.assert(
      fc.property(fc.array(arbLicence, { maxLength: 6 }), (held) => {
        const scope = licensedScope(held, today);
        for (const code of scope) {
          expect(
            held.some(
              (l) =>
                isValidOn(l, today) &&
                (l.scopes as readonly string[]).includes(code) &&
                (
                  licenceTypes.find((t) => t.code === l.type)?.grants as readonly string[] | undefined
                )?.includes(code),
            ),
          ).toBe(true);
        }
        // Adding a licence never narrows the scope.
        const more = licensedScope([...held, licence({ validUntil: null })], today);
        expect(scope.every((code) => more.includes(code))).toBe(true);
      }),
    );
  });
});

describe('qualificationGaps', () => {
  it('is empty for a pharmacy holding every required licence', () => {
    expect(qualificationGaps('pharmacy', pharmacy, today)).toEqual([]);
  });
  it('names the missing licence a clinic needs', () => {
    expect(qualificationGaps('clinic', pharmacy, today)).toEqual([
      { code: 'missing', type: 'medical_licence', message: '缺少「医疗机构执业许可证」，请上传后再下单' },
    ]);
  });
  it('blocks on the day after a required licence expires, with the date', () => {
    const expiring = [
      ...pharmacy.slice(0, 2),
      licence({ id: 3, type: 'proxy', validUntil: today, scopes: [] }),
    ];
    expect(qualificationGaps('pharmacy', expiring, today)).toEqual([]);
    expect(qualificationGaps('pharmacy', expiring, addDays(today, 1))).toEqual([
      {
        code: 'expired',
        type: 'proxy',
        expiredOn: today,
        message: `您的「采购委托书」已于${today}过期，请上传新证件后再下单`,
      },
    ]);
  });
  it('is lifted by an approved renewal of the expired licence', () => {
    const renewed = [...pharmacy, licence({ id: 4, type: 'proxy', validUntil: '2028-01-31', scopes: [] })];
    expect(qualificationGaps('pharmacy', renewed, '2027-03-01')).toEqual([]);
  });
  it('reads an unknown company type as `other`', () => {
    expect(qualificationGaps('hospital', pharmacy, today)).toEqual(
      qualificationGaps('other', pharmacy, today),
    );
    expect(requiredLicences.other).toContain('business_licence');
  });
  it('agrees with buyingValidUntil: no gap exactly while today is on or before it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 300 }), fc.integer({ min: -30, max: 300 }), (a, b) => {
        const held = [
          licence({ id: 1, type: 'business_licence', validUntil: addDays(today, a), scopes: [] }),
          licence({ id: 2, validUntil: addDays(today, b) }),
          licence({ id: 3, type: 'proxy', validUntil: null, scopes: [] }),
        ];
        const until = buyingValidUntil('pharmacy', held);
        expect(until).toBe(addDays(today, Math.min(a, b)));
        expect(qualificationGaps('pharmacy', held, today).length === 0).toBe(today <= (until as string));
      }),
    );
  });
});

describe('expiryWarnings', () => {
  it('warns once per threshold reached: 60, 30 and 7 days, and on the day itself', () => {
    const at = (days: number) => expiryWarnings([licence({ validUntil: addDays(today, days) })], today);
    expect(at(61)).toEqual([]);
    expect(at(60).map((w) => w.threshold)).toEqual([60]);
    expect(at(31).map((w) => w.threshold)).toEqual([60]);
    expect(at(30).map((w) => w.threshold)).toEqual([30]);
    expect(at(7)[0]).toMatchObject({ threshold: 7, daysLeft: 7 });
    expect(at(7)[0].message).toBe(
      `您的「药品经营许可证」将于${addDays(today, 7)}到期（剩余7天），请及时上传新证件`,
    );
    expect(at(0)[0].message).toBe('您的「药品经营许可证」今天到期，明天起将无法下单，请尽快上传新证件');
    expect(at(-1)).toEqual([]);
  });
  it('does not warn about long-term licences', () => {
    expect(expiryWarnings([licence({ validUntil: null })], today)).toEqual([]);
  });
  it('falls due on the threshold day counted back from the expiry', () => {
    const validUntil = '2027-01-22';
    const due = warningDueOn(validUntil, 60);
    expect(expiryWarnings([licence({ validUntil })], due)[0].threshold).toBe(60);
    expect(expiryWarnings([licence({ validUntil })], addDays(due, -1))).toEqual([]);
  });
});

describe('explainMissingScope', () => {
  it('points at the licence types that grant the class', () => {
    expect(explainMissingScope('qx3', [], today)).toBe(
      '需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」',
    );
  });
  it('names the expired licence the class came from', () => {
    expect(explainMissingScope('cfy', [licence({ validUntil: '2026-11-01' })], today)).toBe(
      '「处方药」经营范围来自您已过期的「药品经营许可证」（2026-11-01），请上传新证件',
    );
  });
});

describe('licencesCovering', () => {
  it('gives every company type licences that license it for any scope, with nothing missing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pharmacy', 'chain', 'clinic', 'other', 'unknown'),
        fc.subarray([...scopeClassCodes]),
        (type, scope) => {
          const licences: Licence[] = licencesCovering(type, scope).map((l, i) => ({
            id: i,
            type: l.type,
            number: `N${i}`,
            validUntil: null,
            scopes: l.scopes,
          }));
          const granted = licensedScope(licences, today);
          return (
            qualificationGaps(type, licences, today).length === 0 &&
            scope.every((code) => granted.includes(code)) &&
            granted.every((code) => (scope as readonly string[]).includes(code))
          );
        },
      ),
    );
  });
});

describe('idCardNumberOk (GB 11643 check digit)', () => {
  it('accepts numbers whose check character is right, X included', () => {
    expect(idCardNumberOk('11010519491231002X')).toBe(true);
    expect(idCardNumberOk('330106198203154517')).toBe(true);
  });
  it('refuses a wrong check character, a lower-case x, short and non-digit input', () => {
    expect(idCardNumberOk('330106198203154518')).toBe(false);
    expect(idCardNumberOk('11010519491231002x')).toBe(false);
    expect(idCardNumberOk('33010619820315451')).toBe(false);
    expect(idCardNumberOk('3301061982031545A7')).toBe(false);
  });
  it('exactly one check character fits any 17 digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{17}$/),
        (body) => [...'0123456789X'].filter((c) => idCardNumberOk(body + c)).length === 1,
      ),
    );
  });
});

describe("licenceExpiryNotice (the buyer's licence list)", () => {
  const today = '2026-11-28';
  it('warns within 60 days, red within 7 and once expired', () => {
    expect(licenceExpiryNotice({ expires_on: '2027-01-20', status: 'approved' }, today)).toEqual({
      left: 53,
      text: '53天后到期',
      level: 'orange',
    });
    expect(licenceExpiryNotice({ expires_on: '2026-12-05', status: 'approved' }, today).level).toBe('red');
    expect(licenceExpiryNotice({ expires_on: '2026-11-28', status: 'approved' }, today).text).toBe(
      '今天到期',
    );
    expect(licenceExpiryNotice({ expires_on: '2026-11-27', status: 'approved' }, today)).toEqual({
      left: -1,
      text: '已过期',
      level: 'red',
    });
  });
  it('says nothing further off, for a long-term licence, or one not approved', () => {
    expect(licenceExpiryNotice({ expires_on: '2027-06-01', status: 'approved' }, today).text).toBeNull();
    expect(licenceExpiryNotice({ expires_on: null, status: 'approved' }, today).left).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(licenceExpiryNotice({ expires_on: '2026-11-30', status: 'pending' }, today).text).toBeNull();
  });
});
