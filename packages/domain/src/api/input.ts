import { z } from 'zod';
import { CONTROL_CHARS, LINE_CONTROL_CHARS, LONE_SURROGATE, PG_INT_MAX } from './limits';

/**
 * The building blocks of request schemas that name records or count things. Every id, page and
 * count a request carries ends up in a PostgreSQL integer column or parameter, which refuses
 * values above PG_INT_MAX: these schemas stop them at the door with a 422, so the database never
 * sees them (it would answer with an error, and the client with a 500).
 */

export { CONTROL_CHARS, LINE_CONTROL_CHARS, LONE_SURROGATE, PG_INT_MAX } from './limits';

/** A record id from a path, query or form (strings are coerced): a positive integer a column holds. */
export const recordId = (message?: string) => {
  const error = message ? { error: message } : undefined;
  return z.coerce.number(error).int(error).positive(error).max(PG_INT_MAX, error);
};

/** An optional reference where 0 means none (activity links, filters). */
export const optionalRecordId = z.coerce.number().int().min(0).max(PG_INT_MAX).default(0);

/** The `:id` path parameter of every route that names one record. */
export const idParams = z.object({ id: recordId() });

/** A page number, from 1. */
export const pageNumber = z.coerce.number().int().min(1).max(PG_INT_MAX).default(1);

/** A small integer code (type, status): any value a column could hold, the route judges it. */
export const codeNumber = z.coerce.number().int().min(-PG_INT_MAX).max(PG_INT_MAX);

/** The largest amount of yuan a fen column holds. */
export const MAX_YUAN = Math.floor(PG_INT_MAX / 100);

/** An amount of yuan typed in a form: from 0, at most two decimals and MAX_YUAN. */
export const yuanAmount = (label = '金额') =>
  z.coerce
    .number({ error: `${label}格式不正确` })
    .min(0, { error: `${label}不能为负数` })
    .max(MAX_YUAN, { error: `${label}不能超过${MAX_YUAN}元` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: `${label}最多两位小数` });

/**
 * Ids as forms and links send them: an array, one id, or a comma list ("1,2,3"). Each must be a
 * recordId; the list is between min and max long (each bound with its message).
 */
export const idList = (min: [number, string], max: [number, string], itemMessage?: string) =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : typeof v === 'string'
          ? v.split(',').filter((s) => s.trim() !== '')
          : typeof v === 'number'
            ? [v]
            : v,
    z
      .array(recordId(itemMessage), { error: min[1] })
      .min(min[0], { error: min[1] })
      .max(max[0], { error: max[1] })
      .transform((list) => [...new Set(list)]),
  );

// Control characters (CONTROL_CHARS, LINE_CONTROL_CHARS in ./limits) and lone surrogates
// (LONE_SURROGATE): the server refuses them in every part of every request (plugins/envelope.ts);
// the schemas below refuse them too, so a form shows the message before sending, and text that
// comes in another way (an imported spreadsheet's cells) meets the same rule.

const wellFormed = (s: string) => !LONE_SURROGATE.test(s);
const unreadable = (label: string) => ({ error: `${label}含有无法识别的字符，请删除后重试`, abort: true });

/** Single-line text (a name, a title, a search word): trimmed, at most `max` characters. */
export const singleLineText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((s) => !LINE_CONTROL_CHARS.test(s), { error: `${label}不能包含换行或控制字符`, abort: true })
    .refine(wellFormed, unreadable(label))
    .max(max, { error: `${label}最多${max}个字` });

/** Text that may run over several lines (a reason, a remark): keeps line breaks and tabs. */
export const multiLineText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((s) => !CONTROL_CHARS.test(s), { error: `${label}不能包含控制字符`, abort: true })
    .refine(wellFormed, unreadable(label))
    .max(max, { error: `${label}最多${max}个字` });

/** The dates a request may name (filters, licence expiry): a PostgreSQL date holds more, no use does. */
export const DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** Whether `YYYY-MM-DD` names a day the calendar has (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: that reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar date `YYYY-MM-DD` within DATE_RANGE. Every route that takes a date uses it: a year
 * 0001 or 10000 reaches PostgreSQL otherwise, which answers with an error (a 500).
 */
export const calendarDate = (label = '日期') =>
  z
    .string({ error: `${label}格式应为 YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为 YYYY-MM-DD`, abort: true })
    .refine(isCalendarDate, { error: `${label}不是有效的日期`, abort: true })
    .refine((s) => s >= DATE_RANGE.min && s <= DATE_RANGE.max, {
      error: `${label}须在${DATE_RANGE.min}至${DATE_RANGE.max}之间`,
    });

/** A yes/no from JSON (true/false) or a form ('1', '0', 'true', 'false'). */
export const formBoolean = (message: string) =>
  z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])], message)
    .transform((v) => v === true || v === '1' || v === 'true');

/**
 * A whole number typed in a form (a string from a query or form post is coerced), between min
 * and max, with the field's name in each message: 每店限购须为整数, 不能小于1, 不能超过100.
 */
export const wholeNumber = (label: string, min: number, max = PG_INT_MAX) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能超过${max}` });

/**
 * An instant typed in the console: 10-digit seconds, or an ISO date-time string with its offset
 * (the console sends ISO from its date-time pickers). Within 2000–2099.
 */
export const instantInput = (label: string) =>
  z
    .union(
      [
        z.number().int().min(946_684_800).max(PG_INT_MAX),
        z.string().max(40, { error: `${label}不是有效的时间` }),
      ],
      { error: `${label}不是有效的时间` },
    )
    .transform((v, ctx) => {
      const ms = typeof v === 'number' || /^\d{10}$/.test(v) ? Number(v) * 1000 : Date.parse(v);
      if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms >= Date.UTC(2100, 0, 1)) {
        ctx.addIssue({ code: 'custom', message: `${label}不是有效的时间` });
        return z.NEVER;
      }
      return new Date(ms);
    });

/** instantInput as 10-digit seconds. */
export const secondsInput = (label: string) =>
  instantInput(label).transform((d) => Math.floor(d.getTime() / 1000));
