/** ¥12.30 from a yuan number of the wire. */
export const yuan = (value: number) => `¥${value.toFixed(2)}`;
