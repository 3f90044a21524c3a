// The actions an audit row may name, with their Chinese labels (the audit screen's filter and
// column). A server write records one of these codes.

export const auditActions = {
  'order.ship': '订单发货',
  'order.tracking': '添加物流轨迹',
  'order.receipt_review': '含麻回执审核',
  'after_sale.decide': '售后处理',
  'credit.set_limit': '调整授信额度',
  'company.review': '企业资质审核',
  'qualification.review': '证件审核',
  'operator.create': '新建操作员',
  'operator.update': '修改操作员',
  'operator.reset_password': '重置操作员密码',
  'operator.set_status': '启用/停用操作员',
} as const;

export type AuditAction = keyof typeof auditActions;
export const auditActionCodes = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];
export const auditActionLabel = (code: string): string => auditActions[code as AuditAction] ?? code;
