import type { InvoiceState } from '@yaocai/domain';

/**
 * The antd tag colour of each invoice state, the same in the shop's 电子发票 and the console's
 * 发票管理 (the colours a buyer and an operator talk about: "the orange one is waiting").
 */
export const invoiceStateColors: Record<InvoiceState, string> = {
  awaiting_payment: 'default',
  pending: 'orange',
  on_hold: 'gold',
  issuing: 'processing',
  failed: 'volcano',
  issued: 'green',
  reversed: 'purple',
  rejected: 'red',
  void: 'default',
};
