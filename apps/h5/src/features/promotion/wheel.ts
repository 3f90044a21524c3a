/** Where the wheel stops so that slice `index` of `count` sits under the pointer at the top. */
export function stopAngle(index: number, count: number, turns: number, from: number): number {
  const slice = 360 / count;
  const target = 360 - (index * slice + slice / 2);
  const base = Math.ceil(from / 360) * 360;
  return base + turns * 360 + target;
}
