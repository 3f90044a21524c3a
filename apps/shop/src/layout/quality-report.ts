import type { UserBase } from '@yaocai/domain';

export type QualityAction =
  | { kind: 'open'; url: string }
  | { kind: 'alert'; text: string }
  | { kind: 'none' };

/** Quality report link (spec 6): open the URL if present, else show the msg in an alert. */
export function qualityReportAction(quality: UserBase['quality_inspection'] | undefined): QualityAction {
  if (quality?.quality_inspection_url) return { kind: 'open', url: quality.quality_inspection_url };
  if (quality?.msg) return { kind: 'alert', text: quality.msg };
  return { kind: 'none' };
}

/** Customer-service label (spec 1): 专属客服 when the assigned contact is not the default one. */
export function serviceLabel(admin: UserBase['admin'] | undefined): string {
  return admin && admin.is_default === 0 ? '专属客服' : '客服';
}
