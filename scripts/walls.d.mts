// Types of scripts/walls.mjs for the TypeScript that imports it (apps/server/test/walls.test.ts).

export interface KnownViolationGroup {
  rule: string;
  reason: string;
  violations: string[];
}

export const knownViolationsFile: string;
export function cruiseWalls(): Set<string>;
export function readKnownViolations(): KnownViolationGroup[];
export function listedViolations(known: KnownViolationGroup[]): Set<string>;
