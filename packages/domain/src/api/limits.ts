// Limits the request schemas (api/input.ts) and the SPAs' own zod-free readers share. This module
// has no zod, so a page may import it without bringing zod into its first load.

/** The largest value of a PostgreSQL integer column. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. No field has a use
 * for them, and PostgreSQL refuses NUL in text outright (an error: a 500 to the client).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Every control character, line breaks and tabs included: what a single-line field refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/**
 * Half of a UTF-16 surrogate pair standing alone (text that is not well-formed: JSON can carry
 * `"\ud800"`, and an .xlsx cell `_xD800_`). It is no character at all, and PostgreSQL refuses it
 * in jsonb (an error: a 500 to the client); a text column would keep U+FFFD in its place.
 */
export const LONE_SURROGATE = /\p{Cs}/u;
