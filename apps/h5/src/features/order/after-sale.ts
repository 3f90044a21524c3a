/** The lines an after-sales request names: those with a quantity, each within what was bought. */
export function requestedLines(
  lines: readonly { id: number; quantity: number }[],
  quantities: Readonly<Record<number, number>>,
): { line_id: number; quantity: number }[] {
  return lines.flatMap((line) => {
    const wanted = Math.min(Math.floor(quantities[line.id] ?? 0), line.quantity);
    return wanted > 0 ? [{ line_id: line.id, quantity: wanted }] : [];
  });
}

/**
 * Where a request stands on its three steps (提交申请, 平台审核, 退款完成 or 已拒绝): pending is at the
 * review, approved has every step done, refused failed at the last one.
 */
export function afterSaleStep(status: string): { current: number; refused: boolean } {
  if (status === 'approved') return { current: 3, refused: false };
  if (status === 'refused') return { current: 2, refused: true };
  return { current: 1, refused: false };
}
