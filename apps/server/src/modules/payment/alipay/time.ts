// Alipay writes instants as `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving).

const CHINA_OFFSET_MS = 8 * 3600_000;

export function alipayTime(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseAlipayTime(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const instant = new Date(Date.parse(`${text.replace(' ', 'T')}Z`) - CHINA_OFFSET_MS);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
