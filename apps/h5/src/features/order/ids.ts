/** Cart line ids from `?ids=1,2,3`: positive integers only, each once. */
export function parseIds(text: string | null): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}
