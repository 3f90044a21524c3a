import { z } from 'zod';
import { erpCode } from './open-catalog';

// The open API's buyer companies (/api/open/v1/companies): what the ERP needs to keep its
// customers (名称, 地址, approved licences and business scope) and map them to its own codes.

export const openCompaniesQuery = z.strictObject({
  /** Only companies changed (or whose licences changed) at or after this instant (ISO-8601). */
  updated_since: z.iso
    .datetime({
      offset: true,
      error: 'updated_since 须为带时区的 ISO-8601 时间，如 2026-11-28T08:00:00+08:00',
    })
    .optional(),
  /** The `next_cursor` of the page before. */
  cursor: z.string().max(200, { error: '游标无效' }).optional(),
  limit: z.coerce
    .number({ error: 'limit 须为 1 到 100 的整数' })
    .int({ error: 'limit 须为 1 到 100 的整数' })
    .min(1, { error: 'limit 须为 1 到 100 的整数' })
    .max(100, { error: 'limit 须为 1 到 100 的整数' })
    .default(100),
});

export const openLicence = z.object({
  type: z.string(),
  type_name: z.string(),
  number: z.string(),
  /** Last valid day (YYYY-MM-DD); null for a long-term licence. */
  valid_until: z.string().nullable(),
  /** Business-scope codes the licence grants. */
  scopes: z.array(z.string()),
});

export const openCompany = z.object({
  id: z.number().int(),
  erp_code: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  /** pending | approved | rejected */
  qualification_status: z.string(),
  /** The business scope (经营范围) confirmed at approval. */
  business_scope: z.array(z.string()),
  licences: z.array(openLicence),
  disabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OpenCompany = z.infer<typeof openCompany>;

export const openCompanyExample = {
  id: 17,
  erp_code: 'KH0017',
  name: '杭州仁和大药房',
  type: 'pharmacy',
  contact_name: '张三',
  contact_phone: '13900000000',
  province: '浙江省',
  city: '杭州市',
  district: '滨江区',
  address: '江南大道 1 号',
  qualification_status: 'approved',
  business_scope: ['cfy', 'fcfy', 'zcy'],
  licences: [
    {
      type: 'drug_licence',
      type_name: '药品经营许可证',
      number: '浙AA5710001',
      valid_until: '2029-06-30',
      scopes: ['cfy', 'fcfy', 'zcy'],
    },
  ],
  disabled: false,
  created_at: '2026-03-02T09:15:00.000+08:00',
  updated_at: '2026-11-27T16:40:12.345+08:00',
};

export const openCompanyParams = z.strictObject({
  id: z.coerce.number({ error: '企业编号不正确' }).int({ error: '企业编号不正确' }).min(1).max(2_147_483_647),
});
export const openCompanyErpCodeBody = z
  .strictObject({ erp_code: erpCode('客户编码').nullable() })
  .meta({ example: { erp_code: 'KH0017' } });
