import { z } from 'zod';
import { pageOf, reviewCompany } from './admin';
import { formBoolean, pageNumber, recordId, singleLineText } from './input';

// Console buyers (/api/admin/companies...): companies found by name, phone or licence number,
// their detail with stores, licences and standing, disabling an account and assigning the
// customer-service contact its header shows (专属客服).

/** A licence ending within this many days is 即将到期 (console filter, dashboard to-do). */
export const LICENCE_EXPIRING_DAYS = 30;

export const companyQuery = z.object({
  q: singleLineText('关键词', 40).optional(),
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  disabled: z.enum(['1', '0']).optional(),
  /** '1': only companies with an approved licence ending within LICENCE_EXPIRING_DAYS. */
  expiring: z.enum(['1']).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type CompanyQuery = z.output<typeof companyQuery>;

export const companyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  qualification_status: z.string(),
  disabled: z.boolean(),
  stores: z.number().int(),
  created_at: z.string(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyPage = pageOf(companyRow);
export type CompanyPage = z.infer<typeof companyPage>;

export const serviceContactView = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type ServiceContactView = z.infer<typeof serviceContactView>;

export const companyDetail = reviewCompany.extend({
  disabled: z.boolean(),
  contract_signed: z.boolean(),
  /** The contact the stores' header shows; null: the default contact. */
  service_contact_id: z.number().int().nullable(),
  service_contacts: z.array(serviceContactView),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

export const companyStatusBody = z.object({
  disabled: formBoolean('请选择停用或启用'),
  reason: singleLineText('原因', 200).default(''),
});
export const companyServiceContactBody = z.object({ service_contact_id: recordId('请选择客服') });
