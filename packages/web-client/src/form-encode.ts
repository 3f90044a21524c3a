/**
 * Form and query-string encoding with qs's nesting (`a[0][b]=1`, `ids[]=1`), which the server
 * parses with qs (apps/server/src/plugins/http.ts). qs itself, with the side-channel and
 * object-inspect packages it brings for cycle detection, was the largest library in the shop's
 * entry chunk after React; this is the part of `qs.stringify` the client uses, and
 * form-encode.test.ts holds it to qs's output.
 */

export interface EncodeOptions {
  /** `indices`: `a[0]=x` (request bodies); `brackets`: `a[]=x` (query strings). */
  arrayFormat: 'indices' | 'brackets';
  /** Leave out null values instead of sending them empty. */
  skipNulls?: boolean;
}

/** RFC 3986: everything but unreserved characters percent-encoded (qs's default format). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function pairs(value: unknown, prefix: string, options: EncodeOptions, out: string[]): void {
  let leaf = value;
  if (leaf instanceof Date) leaf = leaf.toISOString();
  else if (leaf === null) {
    if (options.skipNulls) return;
    leaf = '';
  }
  if (leaf === undefined) return;
  const kind = typeof leaf;
  if (kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'bigint') {
    out.push(`${encode(prefix)}=${encode(String(leaf))}`);
    return;
  }
  if (kind !== 'object') return;
  if (Array.isArray(leaf)) {
    leaf.forEach((item, index) => {
      if (options.skipNulls && item === null) return;
      pairs(item, options.arrayFormat === 'brackets' ? `${prefix}[]` : `${prefix}[${index}]`, options, out);
    });
    return;
  }
  for (const [key, item] of Object.entries(leaf as Record<string, unknown>)) {
    if (options.skipNulls && item === null) continue;
    pairs(item, `${prefix}[${key}]`, options, out);
  }
}

/** `qs.stringify(value, options)` for plain data: objects, arrays, strings, numbers, booleans, dates. */
export function encodeForm(value: unknown, options: EncodeOptions): string {
  if (typeof value !== 'object' || value === null) return '';
  const out: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (options.skipNulls && item === null) continue;
    pairs(item, key, options, out);
  }
  return out.join('&');
}
