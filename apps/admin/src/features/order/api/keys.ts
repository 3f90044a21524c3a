/** Query keys of the order console; every order write refreshes all of them. */
export const orderKeys = {
  all: ['admin-order'] as const,
  list: (q: object) => [...orderKeys.all, 'list', q] as const,
  detail: (id: number | null) => [...orderKeys.all, 'detail', id] as const,
  afterSales: (status: string) => [...orderKeys.all, 'after-sales', status] as const,
  receipts: () => [...orderKeys.all, 'receipts'] as const,
};
