import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, files, messages, qualifications } from '../../db/schema';

// Issue #30 item 8: 质管 approved a 药品经营许可证 without ticking 抗生素制剂, and the kept record
// could not be changed. A correction is a new reviewed version that supersedes the old one.

let ctx: TestContext;
let warehouseId: number;
let antibiotic: { id: number };
let quality: { cookie: string; operatorId: number; username: string };
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  antibiotic = await createGoods(ctx.app.db, { warehouseId, name: '头孢克肟胶囊', scopeClass: 'kssz' });
  quality = await operatorCookie(ctx.app, 'quality');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const refusedAntibiotic =
  '「头孢克肟胶囊」超出经营范围：需具备「抗生素制剂」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」';

/**
 * An approved pharmacy that applied for 非处方药 and 抗生素制剂, holding an approved business
 * licence and purchase proxy; its drug licence waits for review.
 */
async function pharmacy() {
  const b = await createBuyer(ctx.app.db, { licences: false, scope: ['fcfy', 'kssz'] });
  const [file] = await ctx.app.db
    .insert(files)
    .values({
      storageKey: `uploads/test/drug-${b.company.id}.png`,
      mime: 'image/png',
      size: 1,
      originalName: 'drug.png',
      ownerUserId: b.user.id,
    })
    .returning();
  const base = { companyId: b.company.id, fileId: file.id, expiresOn: null };
  const [, , drug] = await ctx.app.db
    .insert(qualifications)
    .values([
      { ...base, kind: 'business_licence', number: '91330100MA2B000001', status: 'approved' },
      {
        ...base,
        kind: 'proxy',
        number: 'WT-0001',
        holderName: '张三',
        holderIdNo: '11010519491231002X',
        status: 'approved',
      },
      { ...base, kind: 'drug_licence', number: '浙AA5710001', expiresOn: '2030-12-31', status: 'pending' },
    ])
    .returning();
  return { ...b, drug, cookie: await buyerCookie(ctx.app, b.user.id) };
}

const documentUrl = (companyId: number, id: number) =>
  `/api/admin/qualifications/${companyId}/documents/${id}`;
const correct = (companyId: number, id: number, body: object, cookie = quality.cookie) =>
  call('POST', `${documentUrl(companyId, id)}/correction`, cookie, body);
const rowOf = async (id: number) =>
  (await ctx.app.db.select().from(qualifications).where(eq(qualifications.id, id)))[0];

describe('correcting a reviewed licence (更正)', () => {
  it('adds the forgotten 抗生素制剂: the buyer may buy it at once; the old version is kept as reviewed', async () => {
    const b = await pharmacy();
    const approved = await call('POST', documentUrl(b.company.id, b.drug.id), quality.cookie, {
      approve: true,
      scopes: ['fcfy'],
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The mistake: the antibiotic is refused at the cart and at checkout.
    const add = await call('POST', `/api/cart/quick_add/${antibiotic.id}`, b.cookie);
    expect([add.statusCode, add.json().message]).toEqual([422, refusedAntibiotic]);
    const line = await addCartLine(ctx.app.db, b.user.id, antibiotic.id, warehouseId, 1);
    const refused = await call('POST', '/api/cart/checkout', b.cookie, { ids: [line.id] });
    expect([refused.statusCode, refused.json().message]).toEqual([422, refusedAntibiotic]);
    const old = await rowOf(b.drug.id);

    const res = await correct(b.company.id, b.drug.id, {
      approve: true,
      scopes: ['fcfy', 'kssz'],
      correction_reason: '审核时漏勾抗生素制剂',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('证件已更正');
    const versions = res.json().data.documents.filter((d: { kind: string }) => d.kind === 'drug_licence');
    expect(versions).toHaveLength(2);
    const [was, now] = versions;
    expect(was).toMatchObject({
      id: b.drug.id,
      status: 'approved',
      superseded_by: now.id,
      correction_reason: null,
    });
    expect(was.scopes.map((s: { code: string }) => s.code)).toEqual(['fcfy']);
    expect(now).toMatchObject({
      status: 'approved',
      number: '浙AA5710001',
      expires_on: '2030-12-31',
      supersedes_id: b.drug.id,
      superseded_by: null,
      correction_reason: '审核时漏勾抗生素制剂',
      reviewed_by: '运营小王',
      file_url: was.file_url,
    });
    expect(now.scopes.map((s: { code: string }) => s.code)).toEqual(['fcfy', 'kssz']);

    // At once, with the same session: the next request reads the current version.
    const jyfw = await call('GET', '/api/user/jyfw', b.cookie);
    expect(jyfw.json().data.list.map((s: { code: string }) => s.code)).toEqual(['fcfy', 'kssz']);
    const checkout = await call('POST', '/api/cart/checkout', b.cookie, { ids: [line.id] });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const again = await call('POST', `/api/cart/quick_add/${antibiotic.id}`, b.cookie);
    expect(again.statusCode, again.body).toBe(200);

    // The store's 资质证件 lists the current version, marked as corrected; it is told why.
    const zizhi = (await call('GET', '/api/user/zizhi', b.cookie)).json().data;
    const drugs = zizhi.filter((q: { kind: string }) => q.kind === 'drug_licence');
    expect(drugs).toEqual([
      expect.objectContaining({ id: now.id, status: 'approved', correction_reason: '审核时漏勾抗生素制剂' }),
    ]);
    const inbox = await ctx.app.db.select().from(messages).where(eq(messages.userId, b.user.id));
    expect(inbox.map((m) => m.body)).toContain(
      '您的药品经营许可证（浙AA5710001）审核信息已由质管更正，原因：审核时漏勾抗生素制剂。请在资质证件中查看。',
    );

    // The old record is unchanged, and still cannot be changed, nor can the correction's link.
    expect(await rowOf(b.drug.id)).toEqual(old);
    const attempt = (statement: ReturnType<typeof sql>) =>
      ctx.app.db.execute(statement).then(
        () => 'done',
        (error: Error) => String((error as { cause?: Error }).cause?.message ?? error.message),
      );
    expect(await attempt(sql`update qualifications set scopes = '{fcfy,kssz}' where id = ${b.drug.id}`)).toBe(
      'qualifications: a reviewed licence is kept as it was reviewed',
    );
    expect(
      await attempt(sql`update qualifications set supersedes_id = null, correction_reason = null
        where id = ${now.id}`),
    ).toBe('qualifications: a reviewed licence is kept as it was reviewed');

    // Audited through the one helper: who, what, the version before and after.
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'qualification.correct'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      operatorId: quality.operatorId,
      operatorName: quality.username,
      targetType: 'qualification',
      targetId: String(b.drug.id),
      before: expect.objectContaining({ id: b.drug.id, status: 'approved', scopes: ['fcfy'] }),
      after: expect.objectContaining({
        id: now.id,
        status: 'approved',
        scopes: ['fcfy', 'kssz'],
        correction_reason: '审核时漏勾抗生素制剂',
      }),
    });

    // The superseded version is history: correcting it again is refused; the current one may be.
    const stale = await correct(b.company.id, b.drug.id, {
      approve: true,
      scopes: ['fcfy', 'kssz'],
      correction_reason: '再次更正',
    });
    expect([stale.statusCode, stale.json().message]).toEqual([409, '该证件已更正过，请在最新版本上更正']);
    const same = await correct(b.company.id, now.id, {
      approve: true,
      scopes: ['kssz', 'fcfy'],
      correction_reason: '核对无误',
    });
    expect([same.statusCode, same.json().message]).toEqual([400, '更正内容与原证件一致，无需更正']);
  });

  it('an approved renewal then replaces the corrected version, not the superseded one', async () => {
    const b = await pharmacy();
    await call('POST', documentUrl(b.company.id, b.drug.id), quality.cookie, {
      approve: true,
      scopes: ['fcfy'],
    });
    const fixed = await correct(b.company.id, b.drug.id, {
      approve: true,
      long_term: true,
      scopes: ['fcfy', 'kssz'],
      correction_reason: '证件为长期有效',
    });
    const corrected = fixed.json().data.documents.at(-1);
    expect(corrected).toMatchObject({ expires_on: null, supersedes_id: b.drug.id });
    // The store uploads a renewal: the console proposes the corrected scope.
    const [file] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'uploads/test/renewal.png',
        mime: 'image/png',
        size: 1,
        originalName: 'r.png',
        ownerUserId: b.user.id,
      })
      .returning();
    const sent = await call('POST', '/api/user/zizhi', b.cookie, {
      kind: 'drug_licence',
      number: '浙AA5710002',
      long_term: true,
      file_id: file.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const waiting = (await call('GET', `/api/admin/qualifications/${b.company.id}`, quality.cookie))
      .json()
      .data.documents.at(-1);
    expect(waiting).toMatchObject({ status: 'pending', proposed_scopes: ['fcfy', 'kssz'] });
    await call('POST', documentUrl(b.company.id, waiting.id), quality.cookie, {
      approve: true,
      scopes: ['fcfy', 'kssz'],
    });
    expect((await rowOf(corrected.id)).status).toBe('replaced');
    expect((await rowOf(b.drug.id)).status).toBe('approved');
    const zizhi = (await call('GET', '/api/user/zizhi', b.cookie)).json().data;
    expect(
      zizhi
        .filter((q: { kind: string }) => q.kind === 'drug_licence')
        .map((q: { id: number; status: string }) => [q.id, q.status]),
    ).toEqual([
      [corrected.id, 'replaced'],
      [waiting.id, 'approved'],
    ]);
  });

  it('refuses a pending document, bad fields, another company’s document, and callers without the review permission', async () => {
    const b = await pharmacy();
    const other = await pharmacy();
    const body = { approve: true, scopes: ['fcfy', 'kssz'], correction_reason: '审核时漏勾抗生素制剂' };

    const pending = await correct(b.company.id, b.drug.id, body);
    expect([pending.statusCode, pending.json().message]).toEqual([409, '该证件尚未审核，请直接审核']);
    await call('POST', documentUrl(b.company.id, b.drug.id), quality.cookie, {
      approve: true,
      scopes: ['fcfy'],
    });

    const invalid = await correct(b.company.id, b.drug.id, { approve: true, scopes: ['fcfy', 'kssz'] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().data.errors.correction_reason).toEqual(['请填写更正原因']);
    const beyond = await correct(b.company.id, b.drug.id, { ...body, scopes: ['bjsp'] });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().data.errors.scopes).toEqual(['「药品经营许可证」不能载明「保健食品」经营范围']);
    const refusedWithout = await correct(b.company.id, b.drug.id, { ...body, approve: false });
    expect(refusedWithout.json().data.errors.reason).toEqual(['退回时请填写原因']);

    // Another company's document, under this company or its own id: not there.
    const crossed = await correct(b.company.id, other.drug.id, body);
    expect([crossed.statusCode, crossed.json().message]).toEqual([404, '证件不存在']);
    const missing = await correct(b.company.id, 2_000_000_000, body);
    expect(missing.statusCode).toBe(404);

    const service = await operatorCookie(ctx.app, 'service');
    expect((await correct(b.company.id, b.drug.id, body, service.cookie)).statusCode).toBe(403);
    const visitor = await call('POST', `${documentUrl(b.company.id, b.drug.id)}/correction`, undefined, body);
    expect(visitor.statusCode).toBe(401);
    expect((await correct(b.company.id, b.drug.id, body, b.cookie)).statusCode).toBe(401);

    // None of these wrote a version.
    const drugs = await ctx.app.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.companyId, b.company.id));
    expect(drugs.filter((q) => q.kind === 'drug_licence')).toHaveLength(1);
  });
});
