import { formatAddress, type UserBase } from '@yaocai/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../db/client';
import { companies, files, qualifications, users } from '../../db/schema/account';
import { notFound } from '../../lib/errors';
import { backingStore, DbSessionStore } from '../../lib/session-store';
import { BUYER_COOKIE } from '../../plugins/session';
import { isCurrentLicence, licenceView } from './licences';
import { siteSettings } from './site-settings';

interface BaseRow {
  id: number;
  username: string | null;
  name: string;
  phone: string;
  store_name: string;
  store_address: string | null;
  avatar: string | null;
  rank: string;
  points: number;
  wechat_open_id: string | null;
  company: string;
  province: string;
  city: string;
  district: string;
  address: string;
  qualification_status: string;
  contract_signed: boolean;
  admin_name: string | null;
  admin_phone: string | null;
  admin_is_default: boolean | null;
  cart_count: number;
  message_count: number;
  stores: { id: number; store_name: string }[] | string;
}

const BASE_COLUMNS = `
    u.id, u.username, u.name, u.phone, u.store_name, u.address as store_address, u.avatar,
    u.rank, u.points, u.wechat_open_id,
    c.name as company, c.province, c.city, c.district, c.address, c.qualification_status,
    c.contract_signed_at is not null as contract_signed,
    sc.name as admin_name, sc.phone as admin_phone, sc.is_default as admin_is_default,
    (select count(*)::int from cart_items ci where ci.user_id = u.id) as cart_count,
    (select count(*)::int from messages m where m.user_id = u.id and m.read_at is null) as message_count,
    (select json_agg(json_build_object('id', s.id, 'store_name', s.store_name) order by s.id)
       from users s where s.company_id = u.company_id) as stores`;
const BASE_JOINS = `
    join companies c on c.id = u.company_id
    left join service_contacts sc on sc.id = coalesce(u.service_contact_id,
      (select d.id from service_contacts d where d.is_default order by d.id limit 1))`;

/**
 * One joined query for the whole logged-in state: store, company, service contact (own or the
 * default one), cart lines, unread messages and the company's stores. With DB sessions the
 * session lookup joins in too, so user/base costs one round trip; on PostgreSQL it runs as a
 * named prepared statement (planned once per connection).
 */
const BY_USER = `select ${BASE_COLUMNS} from users u ${BASE_JOINS} where u.id = $1`;
const BY_SESSION = `select ${BASE_COLUMNS} from sessions se
    join users u on u.id = (se.data->>'userId')::int ${BASE_JOINS}
    where se.id = $1 and se.expires_at > now()`;

type Queryable = { query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }> };

async function queryBaseRow(
  database: Database,
  name: 'user_base_by_user' | 'user_base_by_session',
  value: unknown,
) {
  const client = (database.db as unknown as { $client: Queryable }).$client;
  const text = name === 'user_base_by_user' ? BY_USER : BY_SESSION;
  const result =
    database.kind === 'postgres'
      ? await client.query({ name, text, values: [value] })
      : await client.query(text, [value]);
  return result.rows[0] as BaseRow | undefined;
}

/** user/base for the request's buyer cookie: one query with DB sessions, two with Redis ones. */
/**
 * Logged-in user states by session id, kept for USER_BASE_CACHE_MS (default 1 s): the header asks
 * for user/base on every page. Per process and short-lived (design.md): counts may lag by up
 * to that long (the cart badge reads /api/cart/total instead); this process forgets a session's
 * entry at once when the session's own request writes (forgetUserBaseOnWrites).
 */
const USER_BASE_TTL_MS = Number(process.env.USER_BASE_CACHE_MS ?? 1_000);
const userBaseCache = new Map<string, { until: number; value: UserBase }>();

/** Forgets the request's session's user/base copy (a write by a GET: the WeChat poll's bind). */
export function forgetUserBase(request: FastifyRequest): void {
  const sessionId = request.cookies[BUYER_COOKIE];
  if (sessionId) userBaseCache.delete(sessionId);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Forgets a session's user/base copy when one of its own requests writes successfully (a
 * logout, a store switch, points spent or won, a message read, a receipt confirmed ...), before
 * the answer leaves, so the next user/base shows the change: no route has to remember to.
 * Other sessions' copies age out within USER_BASE_CACHE_MS. Registered once, on the root.
 */
export function forgetUserBaseOnWrites(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method) && reply.statusCode < 400) forgetUserBase(request);
    done(null, payload);
  });
}

export async function userBaseForRequest(app: FastifyInstance, request: FastifyRequest): Promise<UserBase> {
  const sessionId = request.cookies[BUYER_COOKIE];
  if (!sessionId || sessionId.length > 64) return userBaseOf(app.database, undefined);
  const cached = userBaseCache.get(sessionId);
  if (cached && cached.until > Date.now()) return cached.value;
  let value: UserBase;
  // Sessions in the database: the session and the user in one joined query (the per-process
  // session cache would save the session half only for a second).
  if (backingStore(app.sessionStore) instanceof DbSessionStore) {
    const [config, row] = await Promise.all([
      siteSettings(app.db),
      queryBaseRow(app.database, 'user_base_by_session', sessionId),
    ]);
    value = toUserBase(config, row);
  } else {
    value = await userBaseOf(app.database, await request.buyerId());
  }
  if (value.is_login && USER_BASE_TTL_MS > 0) {
    if (userBaseCache.size > 50_000) userBaseCache.clear();
    userBaseCache.set(sessionId, { until: Date.now() + USER_BASE_TTL_MS, value });
  }
  return value;
}

export async function userBaseOf(database: Database, userId: number | undefined): Promise<UserBase> {
  const [config, row] = await Promise.all([
    siteSettings(database.db),
    userId ? queryBaseRow(database, 'user_base_by_user', userId) : Promise.resolve(undefined),
  ]);
  return toUserBase(config, row);
}

function toUserBase(config: Awaited<ReturnType<typeof siteSettings>>, row: BaseRow | undefined): UserBase {
  const stores = typeof row?.stores === 'string' ? JSON.parse(row.stores) : (row?.stores ?? []);
  return {
    show: true,
    is_login: Boolean(row),
    id: row?.id ?? 0,
    username: row?.username ?? row?.phone ?? '',
    name: row?.name ?? '',
    phone: row?.phone ?? '',
    company: row?.company ?? '',
    store_name: row?.store_name ?? '',
    face: row?.avatar ?? '',
    rank: row?.rank ?? '',
    admin: row?.admin_name
      ? { name: row.admin_name, phone: row.admin_phone ?? '', is_default: row.admin_is_default ? 1 : 0 }
      : null,
    address: row ? (row.store_address ?? formatAddress({ ...row, detail: row.address })) : '',
    is_passed: row?.qualification_status === 'approved',
    qualification_status: row?.qualification_status ?? '',
    contract_signed: row?.contract_signed ?? false,
    points: row?.points ?? 0,
    cart: { count: row?.cart_count ?? 0 },
    message_count: row?.message_count ?? 0,
    wechat: row?.wechat_open_id ? '已绑定' : '',
    common_config: config.common_config,
    quality_inspection: config.quality_inspection,
    login_url: config.site.loginUrl,
    is_show_youx: true,
    is_special: false,
    is_can_chat: false,
    token: '',
    is_AfterSale: Boolean(row),
    stores: (stores as { id: number; store_name: string }[]).map((s) => ({
      ...s,
      is_current: s.id === row?.id,
    })),
  };
}

async function companyOf(db: Db, userId: number) {
  const [row] = await db
    .select({ company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('账号不存在');
  return row.company;
}

export async function qualificationsOf(db: Db, userId: number) {
  const company = await companyOf(db, userId);
  const rows = await db
    .select({ q: qualifications, f: files })
    .from(qualifications)
    .innerJoin(files, eq(files.id, qualifications.fileId))
    // The current version of each licence: a version 质管 corrected gave way to the correction.
    .where(and(eq(qualifications.companyId, company.id), isCurrentLicence()))
    .orderBy(asc(qualifications.id));
  return rows.map(({ q, f }) => ({
    ...licenceView(q),
    file: { id: f.id, url: `/api/files/${f.id}`, name: f.originalName, mime: f.mime },
  }));
}

/** Store switch: only to another store of the same company. */
export async function assertSameCompany(db: Db, userId: number, targetId: number): Promise<void> {
  const [me] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, targetId), eq(users.companyId, me?.companyId ?? -1)));
  // Another company's store is not there for this buyer: 404, as for every id of another company.
  if (!target) throw notFound('门店不存在');
}

/**
 * The e-contract (/dzht) between the buyer's company and the seller: the legal entity the operator
 * set in the site settings (页脚 公司名称, the name on its licences), or the site's operator when
 * none is set.
 */
export async function contractOf(db: Db, userId: number) {
  const company = await companyOf(db, userId);
  const config = await siteSettings(db);
  const seller = config.footer.company.trim() || `${config.site.title}平台运营方`;
  return {
    title: `${config.site.title}电子采购合同`,
    company: company.name,
    signed: Boolean(company.contractSignedAt),
    signed_at: company.contractSignedAt?.toISOString() ?? null,
    paragraphs: [
      `甲方（采购方）：${company.name}`,
      `乙方（供货方）：${seller}`,
      '一、甲方通过乙方平台采购药品、医疗器械及中药饮片，采购品种限于甲方资质证件核定的经营范围。',
      '二、乙方保证所售商品来源合法、质量合格，并随货提供随货同行单及相关质检报告。',
      '三、甲方应如实提交并及时更新资质证件；证件过期期间乙方有权暂停发货。',
      '四、货款按订单结算，账期客户按双方约定的账期及额度执行。',
      '五、因质量问题产生的退换货按平台《药品退换货规则》处理。',
      '六、本合同自甲方在线签署之日起生效，有效期一年，期满自动续期。',
    ],
  };
}

/** Signs the buyer company's purchase contract at `now` (the request's instant); once only. */
export async function signContract(db: Db, userId: number, now: Date): Promise<void> {
  const company = await companyOf(db, userId);
  if (company.contractSignedAt) return;
  await db
    .update(companies)
    .set({ contractSignedAt: now })
    .where(and(eq(companies.id, company.id), sql`${companies.contractSignedAt} is null`));
}
