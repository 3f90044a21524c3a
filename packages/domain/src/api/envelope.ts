import { z } from 'zod';

/** Codes, messages and the envelope type live in codes.ts (no zod: the SPAs' entry chunks import it). */
export * from './codes';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export const validationErrorBody = z.object({
  code: z.literal(422),
  message: z.string(),
  data: z.object({ errors: z.record(z.string(), z.array(z.string())) }),
});

/** A success that carries no data (`data: null`): deletes, sign-outs, state changes. */
export const emptyBody = envelope(z.null());

/** What a create or save answers: the record's id. */
export const savedId = z.object({ id: z.number().int() });
export type SavedId = z.infer<typeof savedId>;
