import { addDays, beijingToday, scopeClassCodes } from '@yaocai/domain';
import type { Tx } from '../../src/db/client';
import {
  companies,
  files,
  messages,
  operatorRoles,
  operators,
  qualifications,
  roles,
  serviceContacts,
  users,
} from '../../src/db/schema';
import { licenceImage } from '../../src/lib/png';
import type { FileStorage } from '../../src/lib/storage';
import { hashPassword } from '../../src/modules/account/passwords';

export const demoAccounts = {
  buyer: { phone: '13800000001', password: 'Demo@123456' },
  otherStores: ['13800000011', '13800000012'],
  pendingBuyer: { phone: '13800000002', password: 'Demo@123456' },
  /** An approved clinic in 杭州 (seed/kx.ts): 控销 goods for pharmacies only are refused to it. */
  clinicBuyer: { phone: '13800000003', password: 'Demo@123456' },
  operator: { username: 'admin', password: 'Admin@123456' },
  /** One demo operator per role (password as the admin's); the admin is 超级管理员. */
  roleOperators: [
    { username: 'yunying', name: '运营小张', role: 'operations' },
    { username: 'zhiguan', name: '质管小李', role: 'quality' },
    { username: 'kefu', name: '客服小王', role: 'service' },
    { username: 'cangku', name: '仓库小赵', role: 'warehouse' },
    { username: 'caiwu', name: '财务小陈', role: 'finance' },
  ],
} as const;

async function licence(
  tx: Tx,
  storage: FileStorage | undefined,
  seed: number,
  ownerUserId: number,
  name: string,
) {
  const bytes = licenceImage(seed);
  const storageKey = `demo/licence-${seed}.png`;
  await storage?.put(storageKey, bytes);
  const [file] = await tx
    .insert(files)
    .values({ storageKey, mime: 'image/png', size: bytes.length, originalName: name, ownerUserId })
    .returning({ id: files.id });
  return file.id;
}

/**
 * Demo buyers and staff (design.md "Demo data"): an approved chain pharmacy with three stores,
 * a clinic awaiting review, service contacts, licences (generated pictures) and messages.
 */
export async function seedAccounts(tx: Tx, now: Date, storage?: FileStorage) {
  // One hash for every demo buyer keeps seeding fast.
  const [buyerHash, operatorHash] = await Promise.all([
    hashPassword(demoAccounts.buyer.password),
    hashPassword(demoAccounts.operator.password),
  ]);
  const [defaultContact, dedicated, dedicated2] = await tx
    .insert(serviceContacts)
    .values([
      { name: '药采客服中心', phone: '400-820-1234', qq: '800012345', isDefault: true },
      { name: '王晓燕', phone: '13957112345', qq: '2851234567' },
      { name: '李明', phone: '13957154321', qq: '2857654321' },
    ])
    .returning({ id: serviceContacts.id });
  void defaultContact;

  const [chain, clinic] = await tx
    .insert(companies)
    .values([
      {
        name: '仁心大药房连锁有限公司',
        type: 'pharmacy',
        contactName: '张建国',
        contactPhone: '13800000001',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        address: '文三路 259 号 仁心大厦 1 楼',
        businessScope: [...scopeClassCodes],
        qualificationStatus: 'approved',
        contractSignedAt: new Date('2026-01-05T02:00:00Z'),
      },
      {
        name: '康宁诊所',
        type: 'clinic',
        contactName: '刘芳',
        contactPhone: '13800000002',
        province: '江苏省',
        city: '苏州市',
        district: '姑苏区',
        address: '人民路 1088 号',
        businessScope: ['cfy', 'fcfy', 'zcy', 'qx1', 'qx2'],
        qualificationStatus: 'pending',
      },
    ])
    .returning({ id: companies.id });

  const stores = await tx
    .insert(users)
    .values([
      {
        companyId: chain.id,
        phone: demoAccounts.buyer.phone,
        username: 'renxin',
        passwordHash: buyerHash,
        name: '张建国',
        storeName: '仁心大药房（文三路总店）',
        isPrimary: true,
        serviceContactId: dedicated.id,
        rank: '金牌会员',
      },
      {
        companyId: chain.id,
        phone: demoAccounts.otherStores[0],
        passwordHash: buyerHash,
        name: '陈丽',
        storeName: '仁心大药房（古墩路店）',
        address: '浙江省杭州市西湖区古墩路 702 号',
        isPrimary: false,
        serviceContactId: dedicated.id,
      },
      {
        companyId: chain.id,
        phone: demoAccounts.otherStores[1],
        passwordHash: buyerHash,
        name: '周强',
        storeName: '仁心大药房（滨江店）',
        address: '浙江省杭州市滨江区江南大道 3850 号',
        isPrimary: false,
        serviceContactId: dedicated2.id,
      },
      {
        companyId: clinic.id,
        phone: demoAccounts.pendingBuyer.phone,
        passwordHash: buyerHash,
        name: '刘芳',
        storeName: '康宁诊所',
        isPrimary: true,
      },
    ])
    .returning({ id: users.id });
  const [primary, , , clinicUser] = stores;

  const licences: {
    companyId: number;
    owner: number;
    kind: string;
    number: string;
    issuer?: string;
    /** null: long-term (长期). */
    expiresOn: string | null;
    /** The scope printed on an approved licence (a pending one gets it at review). */
    scopes?: string[];
    holderName?: string;
    holderIdNo?: string;
    status: string;
  }[] = [
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'business_licence',
      number: '91330106MA27XK8L3B',
      issuer: '杭州市西湖区市场监督管理局',
      expiresOn: null,
      scopes: ['qx1', 'xdyp'],
      status: 'approved',
    },
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'drug_licence',
      number: '浙AA5710386',
      issuer: '浙江省药品监督管理局',
      expiresOn: '2029-12-31',
      scopes: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'zyyp', 'swzp'],
      status: 'approved',
    },
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'device_licence',
      number: '浙杭药监械经营许20180123号',
      issuer: '杭州市市场监督管理局',
      expiresOn: '2028-08-31',
      scopes: ['qx1', 'qx2', 'qx3'],
      status: 'approved',
    },
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'food_licence',
      number: 'JY13301060123456',
      issuer: '杭州市西湖区市场监督管理局',
      expiresOn: '2027-09-30',
      scopes: ['bjsp'],
      status: 'approved',
    },
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'proxy',
      number: 'RX-WT-2026-001',
      // Due for renewal: the member centre, /zzzj and the reminders show their warnings, and
      // checkout stops the day after it ends.
      expiresOn: addDays(beijingToday(now), 25),
      holderName: '张建国',
      holderIdNo: '330106198203154517',
      status: 'approved',
    },
    {
      companyId: chain.id,
      owner: primary.id,
      kind: 'gsp',
      number: 'ZJ-GSP-2024-0157',
      issuer: '浙江省药品监督管理局',
      expiresOn: '2029-06-30',
      status: 'approved',
    },
    {
      companyId: clinic.id,
      owner: clinicUser.id,
      kind: 'business_licence',
      number: '92320508MA1QW2E45K',
      expiresOn: '2035-03-31',
      status: 'pending',
    },
    {
      companyId: clinic.id,
      owner: clinicUser.id,
      kind: 'medical_licence',
      number: 'PDY00231232050813D2192',
      issuer: '苏州市姑苏区卫生健康委员会',
      expiresOn: '2028-10-15',
      status: 'pending',
    },
    {
      companyId: clinic.id,
      owner: clinicUser.id,
      kind: 'proxy',
      number: 'KN-WT-2026-01',
      expiresOn: '2027-06-30',
      holderName: '刘芳',
      holderIdNo: '320508198506123024',
      status: 'pending',
    },
  ];
  const staff = [
    { username: demoAccounts.operator.username, name: '平台管理员', role: 'super_admin' },
    ...demoAccounts.roleOperators,
  ];
  const roleIds = new Map(
    (await tx.select({ id: roles.id, code: roles.code }).from(roles)).map((r) => [r.code, r.id]),
  );
  const created = await tx
    .insert(operators)
    .values(staff.map((s) => ({ username: s.username, passwordHash: operatorHash, name: s.name })))
    .returning({ id: operators.id, username: operators.username });
  const assignments = created.flatMap((o) => {
    const roleId = roleIds.get(staff.find((s) => s.username === o.username)?.role ?? '');
    return roleId ? [{ operatorId: o.id, roleId }] : [];
  });
  if (assignments.length > 0) await tx.insert(operatorRoles).values(assignments);
  // The approved licences were reviewed by 质管 when the chain joined, as its 资质审核通过 message
  // says (seed/audit.ts records the reviews).
  const approvedAt = new Date('2026-02-20T07:00:00Z');
  const reviewer = created.find((o) => o.username === 'zhiguan')?.id ?? null;
  let seed = 1;
  for (const l of licences) {
    const fileId = await licence(tx, storage, seed++, l.owner, `${l.kind}.png`);
    await tx.insert(qualifications).values({
      companyId: l.companyId,
      kind: l.kind,
      number: l.number,
      issuer: l.issuer ?? null,
      expiresOn: l.expiresOn,
      scopes: l.scopes ?? [],
      holderName: l.holderName ?? null,
      holderIdNo: l.holderIdNo ?? null,
      fileId,
      status: l.status,
      ...(l.status === 'approved' ? { reviewedAt: approvedAt, reviewedBy: reviewer } : {}),
    });
  }

  await tx.insert(messages).values([
    {
      userId: primary.id,
      category: 'account',
      title: '资质审核通过',
      body: '您提交的企业资质已审核通过，欢迎在药采采购。',
      link: '/zzzj',
      readAt: new Date('2026-02-20T08:00:00Z'),
      createdAt: approvedAt,
    },
    {
      userId: primary.id,
      category: 'promotion',
      title: '新人专享券已到账',
      body: '满 500 减 30 优惠券已放入您的账户，有效期 30 天。',
      link: '/yhq',
    },
    {
      userId: primary.id,
      category: 'system',
      title: '春节期间发货安排',
      body: '春节期间（2月14日至2月20日）杭州仓暂停发货，节后按下单顺序依次发出。',
      readAt: new Date('2026-02-10T08:00:00Z'),
      createdAt: new Date('2026-02-10T02:00:00Z'),
    },
    {
      userId: clinicUser.id,
      category: 'account',
      title: '资质审核中',
      body: '您的资质证件已提交，客服将在 1 个工作日内完成审核。',
    },
  ]);
}
