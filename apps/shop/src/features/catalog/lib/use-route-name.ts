import { useMatches } from 'react-router';

/** Name of the deepest matched route-table entry (routes.tsx puts the entry in `handle`). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { name?: string } | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}
