import type { FieldErrors, OpenBatchResult, OpenItemResult } from '@yaocai/domain';
import type { z } from 'zod';

// What the open API's batch calls share: an item's zod issues as field messages (dotted paths,
// relative to the item), and the answer's counts.

/** A zod error's issues by dotted path (`ladder.0.price`); the item itself is ''. */
export function issueFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const path = [...issue.path, ...(key === undefined ? [] : [key])].map(String).join('.') || 'item';
      const message = key === undefined ? issue.message : `不支持的字段：${key}`;
      fields[path] = [...(fields[path] ?? []), message];
    }
  }
  return { ...fields };
}

/** The results in the order the items came, with how many ended each way. */
export function summarise(results: OpenItemResult[]): OpenBatchResult {
  const sorted = [...results].sort((a, b) => a.index - b.index);
  const countOf = (status: OpenItemResult['status']) => sorted.filter((r) => r.status === status).length;
  return {
    results: sorted,
    created: countOf('created'),
    updated: countOf('updated'),
    unchanged: countOf('unchanged'),
    failed: countOf('failed'),
  };
}

/** The items of a batch body with their position and the erp_code they name (if a string). */
export function batchInputs(items: readonly unknown[]) {
  return items.map((raw, index) => {
    const code =
      raw !== null && typeof raw === 'object' ? (raw as { erp_code?: unknown }).erp_code : undefined;
    return { index, erpCode: typeof code === 'string' ? code.slice(0, 40) : null, raw };
  });
}
