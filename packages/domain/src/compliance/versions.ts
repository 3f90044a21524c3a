// Versions of one licence (issue #30 item 8). A reviewed licence row is never edited: when 质管
// finds a mistake in it, a correction (更正) is a new reviewed row on the same file that names
// the row it supersedes. The version that counts is the newest of its chain: the one no other
// row supersedes. The server asks the same question in SQL (account/licences.ts `isCurrent`).

/** What the chain reads of a stored licence row. */
export interface LicenceVersion {
  id: number;
  /** The version this row corrects; null for a licence as the store uploaded it. */
  supersedesId: number | null;
}

/** Each superseded version's id, mapped to the version that corrected it. */
export function supersededBy<T extends LicenceVersion>(versions: readonly T[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const version of versions) if (version.supersedesId !== null) map.set(version.supersedesId, version);
  return map;
}

/** The versions that count, in their given order: those no correction supersedes. */
export function currentVersions<T extends LicenceVersion>(versions: readonly T[]): T[] {
  const superseded = supersededBy(versions);
  return versions.filter((version) => !superseded.has(version.id));
}
