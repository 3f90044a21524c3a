/**
 * A short tag per database handle, for the in-process caches keyed by plain strings (catalogue
 * pages, totals, suggestions): a process holding two databases (tests, tools) never serves one
 * database's cached answer for the other.
 */
const tags = new WeakMap<object, string>();
let next = 0;

export function databaseTag(db: object): string {
  let tag = tags.get(db);
  if (tag === undefined) {
    next += 1;
    tag = `d${next}`;
    tags.set(db, tag);
  }
  return tag;
}
