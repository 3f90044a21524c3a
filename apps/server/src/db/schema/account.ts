import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A buyer company (pharmacy, clinic, ...). Its stores are `users`. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** pharmacy | clinic | other */
    type: text('type').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    /**
     * The business scope (经营范围, jyfw) the buyer applied for and the reviewer confirmed when
     * approving the company; approval hands each approved licence its share. What the buyer may
     * buy is read from the licences (standing.ts), so it follows their expiry.
     */
    businessScope: text('business_scope').array().notNull().default(sql`'{}'::text[]`),
    /** pending | approved | rejected — buyers browse always, check out only when approved. */
    qualificationStatus: text('qualification_status').notNull().default('pending'),
    qualificationNote: text('qualification_note'),
    /** When the purchase contract (电子合同) was signed; null = unsigned (API answers 459). */
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    /** Set by an operator to stop the account: no prices, no cart, no orders (eligibility). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The wholesaler's ERP customer code (open API PUT /companies/{id}/erp_code); unique when set. */
    erpCode: text('erp_code'),
    /**
     * When the company or one of its licences last changed (the open API's updated_since): set by
     * the triggers of db/sql/090_open_api.sql, so every writer moves it.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_erp_code_uq').on(t.erpCode),
    index('companies_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** Customer-service staff assigned to buyers (header: 专属客服 when not the default one). */
export const serviceContacts = pgTable('service_contacts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  qq: text('qq'),
  isDefault: boolean('is_default').notNull().default(false),
});

/**
 * A buyer login. Each user is one store (门店) of a company; a multi-store company has several
 * users, the first being primary. Carts, orders, wallet are per user (store).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    phone: text('phone').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    /** Contact person of this store. */
    name: text('name').notNull(),
    storeName: text('store_name').notNull(),
    /** Delivery address of this store (extra stores of a multi-store company). */
    address: text('address'),
    isPrimary: boolean('is_primary').notNull().default(true),
    serviceContactId: integer('service_contact_id').references(() => serviceContacts.id),
    points: integer('points').notNull().default(0),
    /**
     * The store's WeChat: the unionid WeChat gives (the openid when it gives none; `sbx_...` in
     * the sandbox). Unique: one WeChat logs in to one store.
     */
    wechatOpenId: text('wechat_open_id'),
    avatar: text('avatar'),
    /** Member rank shown in the member centre. */
    rank: text('rank').notNull().default('普通会员'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_username_uq').on(t.username),
    // One WeChat account logs in to one store.
    uniqueIndex('users_wechat_uq').on(t.wechatOpenId),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Uploaded files (licence images and PDFs, after-sales photos...). Bytes live in storage. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name').notNull(),
  /** Random token that lets the uploader attach the file before an account exists. */
  claimToken: text('claim_token'),
  ownerUserId: integer('owner_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A qualification document (营业执照, 药品经营许可证 ...) of a company. */
export const qualifications = pgTable(
  'qualifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The licence type (compliance/licences.ts licenceTypes). */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    /** The issuing authority printed on the licence (发证机关). */
    issuer: text('issuer'),
    /** Last valid day (Beijing calendar); null for a long-term (长期) licence. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /**
     * Business-scope codes printed on the licence, recorded by the reviewer; only those its type
     * may grant count. The company's scope is the union over its valid approved licences.
     */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** A purchase proxy (采购委托书) names the purchaser: name and ID card number. */
    holderName: text('holder_name'),
    holderIdNo: text('holder_id_no'),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    /** The reviewer's reason (required when refused). */
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The operator who reviewed (or corrected) it; null for rows reviewed before it was kept. */
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => operators.id),
    /**
     * A correction (更正) by 质管: this row is a new reviewed version of the licence it names, on
     * the same file; that row stays as it was reviewed and no longer counts. The version that
     * counts is the one no other row supersedes (one correction per version: unique).
     */
    supersedesId: integer('supersedes_id').references((): AnyPgColumn => qualifications.id),
    /** Why 质管 corrected the version it supersedes (更正原因), shown with both versions. */
    correctionReason: text('correction_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qualifications_company_idx').on(t.companyId),
    uniqueIndex('qualifications_supersedes_uq').on(t.supersedesId),
    check('qualifications_correction_ck', sql`(${t.supersedesId} is null) = (${t.correctionReason} is null)`),
  ],
);

/** Operator staff (the console at /admin). */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  /** A disabled operator cannot sign in; its sessions stop working at once. */
  disabled: boolean('disabled').notNull().default(false),
  /**
   * Raised when the account is disabled or its password reset: sessions carry the version they
   * started under, and an older one is refused.
   */
  sessionVersion: integer('session_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions (used when REDIS_URL is not set). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A WeChat QR ticket (绑定微信 /bdwx, 微信登录, 微信注册): its random id is the OAuth `state`, held
 * in the asking browser's cookie; the provider's callback confirms it with the WeChat (unionid,
 * else openid) once, and the browser completes it once. bind tickets belong to a store; login
 * tickets to no one until the WeChat names a bound store. Ten minutes.
 */
export const wechatTickets = pgTable('wechat_tickets', {
  id: text('id').primaryKey(),
  /** bind | login */
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id),
  /** waiting | confirmed | used */
  state: text('state').notNull().default('waiting'),
  openId: text('open_id'),
  /** The shop page the browser returns to after WeChat's redirect (a same-site path). */
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A store's own security-relevant account changes (binding and unbinding its WeChat), append
 * only: who (the store), what, when, from where. Operator writes go to audit_log instead.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A dotted verb: `wechat.bind`, `wechat.unbind`. */
    action: text('action').notNull(),
    /** What changed, e.g. { wechat, via } (never a secret). */
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
);

/** SMS verification codes: stored hashed, single use, 5 minutes. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** register | forget | register_dd */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A phone verified by SMS, waiting for the next step: a registration draft (steps 2 and 3 of
 * /register or /register/dd) or a forgot-password reset. Nothing becomes an account until the
 * final submit, which creates everything in one transaction.
 */
export const accountDrafts = pgTable(
  'account_drafts',
  {
    token: text('token').primaryKey(),
    /** register | register_dd | forget */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    /** Company details of registration step 2 (the registerCompanyBody fields). */
    company: jsonb('company'),
    /** register_dd: the company the new store joins; forget: the user whose password resets. */
    companyId: integer('company_id'),
    userId: integer('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_drafts_phone_idx').on(t.phone)],
);

/**
 * Login attempts of one account in the current 15-minute window (the lockout, across processes).
 * `key` is `buyer:<user id>` or `operator:<operator id>` (any name typed for the account counts
 * here), or `name:<scope>:<typed name>` for a name without an account. One row per key, counted
 * and checked in one upsert (account/login-attempts.ts), so parallel attempts cannot overtake it.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Site messages to a store (我的消息), written by events (modules/message); unread ones count in
 * the header badge. A message a sweep writes carries a `dedupe_key`, unique per store, so running
 * the sweep twice (or in two processes) writes it once.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** packages/domain messageCategories */
    category: text('category').notNull().default('system'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A shop path to what the message is about, or null. */
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.id),
    index('messages_unread_idx').on(t.userId, t.category).where(sql`${t.readAt} is null`),
    uniqueIndex('messages_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

/** Feedback (意见反馈 / 投诉建议) from a store; answered by customer service (feedback:write). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** packages/domain feedbackTypes */
    type: text('type').notNull(),
    content: text('content').notNull(),
    photoFileIds: integer('photo_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    contact: text('contact').notNull().default(''),
    /** pending | replied */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    repliedBy: integer('replied_by').references(() => operators.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.createdAt),
    index('feedback_status_idx').on(t.status, t.id),
  ],
);
