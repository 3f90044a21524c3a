import { z } from 'zod';

/**
 * The building blocks of request schemas that name records or count things. Every id, page and
 * count a request carries ends up in a PostgreSQL integer column or parameter, which refuses
 * values above PG_INT_MAX: these schemas stop them at the door with a 422, so the database never
 * sees them (it would answer with an error, and the client with a 500).
 */

/** The largest value of a PostgreSQL integer column. */
export const PG_INT_MAX = 2_147_483_647;

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
