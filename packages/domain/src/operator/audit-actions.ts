// The actions an audit row may name, with their Chinese labels (the audit screen's filter and
// column). A server write records one of these codes.

export const auditActions = {
  'order.ship': '订单发货',
  'order.tracking': '添加物流轨迹',
  'order.receipt_review': '含麻回执审核',
  'after_sale.decide': '售后处理',
  'credit.set_limit': '调整授信额度',
  'company.review': '企业资质审核',
  'company.set_status': '停用/启用企业',
  'company.service_contact': '分配专属客服',
  'qualification.review': '证件审核',
  'goods.create': '新建商品',
  'goods.update': '修改商品',
  'goods.sale': '商品上架/下架',
  'goods.import': '导入商品',
  'goods.sale_control': '设置控销',
  'goods.sale_control_remove': '取消控销',
  'goods.image': '上传商品图片',
  'goods.batch_add': '新增批号库存',
  'goods.inspection_report': '上传药检报告',
  'first_document.upload': '上传首营资料',
  'goods.batch_quantity': '调整批号库存',
  'content.create': '新增内容',
  'content.update': '修改内容',
  'content.delete': '删除内容',
  'settings.update': '修改站点设置',
  'feedback.reply': '回复意见反馈',
  'item_request.reply': '回复品种求购',
  'invoice.issue': '开具发票',
  'invoice.reject': '退回发票申请',
  'lottery.create': '新建抽奖活动',
  'lottery.update': '修改抽奖活动',
  'lottery.ship_prize': '抽奖奖品发货',
  'reward.create': '新增积分礼品',
  'reward.update': '修改积分礼品',
  'category.create': '新增分类',
  'category.update': '修改分类',
  'category.delete': '删除分类',
  'operator.create': '新建操作员',
  'operator.update': '修改操作员',
  'operator.reset_password': '重置操作员密码',
  'operator.set_status': '启用/停用操作员',
} as const;

export type AuditAction = keyof typeof auditActions;
export const auditActionCodes = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];
export const auditActionLabel = (code: string): string => auditActions[code as AuditAction] ?? code;
