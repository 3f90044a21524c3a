// The reference client's plumbing for Yaocai's open API (Node >= 22, no dependencies): bearer
// key, JSON, retries with backoff on 429 and 5xx (honouring Retry-After), an Idempotency-Key on
// every POST (the same one on each retry, so a retried POST never acts twice), and CSV in and out.

import { randomUUID } from 'node:crypto';

/** A refusal of the API: `{ error: { code, message, fields? } }` with the HTTP status. */
export class OpenApiError extends Error {
  constructor(status, body) {
    const error = body?.error ?? { code: 'server_error', message: `HTTP ${status}` };
    super(`${status} ${error.code}: ${error.message}`);
    this.status = status;
    this.code = error.code;
    this.fields = error.fields;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header, now = Date.now()) {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A client of `<baseUrl>/api/open/v1`. Options: baseUrl and key (default YAOCAI_URL and
 * YAOCAI_KEY), retries (5), baseDelayMs (500), maxDelayMs (30 s), log (a function, or none).
 */
export function createClient(options = {}) {
  const baseUrl = (options.baseUrl ?? process.env.YAOCAI_URL ?? '').replace(/\/+$/, '');
  const key = options.key ?? process.env.YAOCAI_KEY;
  if (!baseUrl) throw new Error('Set YAOCAI_URL (e.g. https://yaocai.example.com)');
  if (!key) throw new Error('Set YAOCAI_KEY (系统 → 开放接口 in the console)');
  const retries = options.retries ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const log = options.log ?? (() => {});

  async function request(method, path, { query, body, idempotencyKey } = {}) {
    const url = new URL(`${baseUrl}/api/open/v1${path}`);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = idempotencyKey ?? randomUUID();
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        // No answer (connection refused or reset): the same as a 5xx, retried with the same key.
        if (attempt >= retries) throw error;
        const wait = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        log(`${method} ${path}: ${error.cause?.code ?? error.message}, retrying in ${wait} ms`);
        await sleep(wait);
        continue;
      }
      const text = await response.text();
      const json = text ? JSON.parse(text) : null;
      if (response.ok) return json;
      const retriable = response.status === 429 || response.status >= 500;
      if (!retriable || attempt >= retries) throw new OpenApiError(response.status, json);
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff;
      log(`${method} ${path}: HTTP ${response.status}, retrying in ${Math.round(wait)} ms`);
      await sleep(wait);
    }
  }
  return {
    get: (path, query) => request('GET', path, { query }),
    post: (path, body, idempotencyKey) => request('POST', path, { body, idempotencyKey }),
    put: (path, body) => request('PUT', path, { body }),
    request,
  };
}

/** One CSV field, quoted when it must be (RFC 4180). */
const csvField = (value) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export const csvLine = (fields) => `${fields.map(csvField).join(',')}\r\n`;

/** Rows of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF), a BOM ignored. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** CSV rows as objects keyed by the header row. */
export function csvRecords(text) {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name.trim(), (row[i] ?? '').trim()])));
}

/** `--name value` command-line options (and bare positional arguments). */
export function parseArgs(argv = process.argv.slice(2)) {
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      if (inline !== undefined) options[name] = inline;
      else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) options[name] = argv[++i];
      else options[name] = true;
    } else positional.push(arg);
  }
  return { options, positional };
}
