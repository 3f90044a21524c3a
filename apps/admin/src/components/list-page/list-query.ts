import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A console list's query: the page it asks for, and any filters. */
export interface PageQuery {
  page: number;
  page_size?: number;
}

type Defaults<Q> = Q & Record<string, unknown>;

/**
 * The query as the address bar has it: keys that differ from the defaults are written there (a
 * filter set back to 全部 as `key=`), so a reload or a shared link opens the same page of the same
 * filters. Numbers are the keys whose default is a number, and those listed in `numbers`.
 */
export function readQuery<Q extends PageQuery>(
  params: URLSearchParams,
  defaults: Q,
  numbers: readonly string[] = [],
): Q {
  const query: Record<string, unknown> = { ...(defaults as object) };
  for (const [key, value] of params) {
    if (value === '') query[key] = undefined;
    else if (typeof (defaults as Defaults<Q>)[key] === 'number' || numbers.includes(key)) {
      const n = Number(value);
      if (Number.isFinite(n)) query[key] = n;
    } else query[key] = value;
  }
  return query as Q;
}

/** The address bar's parameters for a query: only what differs from the defaults. */
export function writeQuery<Q extends PageQuery>(query: Q, defaults: Q): URLSearchParams {
  const params = new URLSearchParams();
  const all = { ...defaults, ...query } as Defaults<Q>;
  for (const [key, value] of Object.entries(all)) {
    const fallback = (defaults as Defaults<Q>)[key];
    if (value === fallback) continue;
    if (value === undefined || value === null || value === '') {
      if (fallback !== undefined) params.set(key, '');
    } else params.set(key, String(value));
  }
  return params;
}

/**
 * A list's query and its setter. In the address bar by default; `url: false` keeps it in the
 * component (a second list on the page, such as a tab's or a drawer's).
 */
export function useListQuery<Q extends PageQuery>(
  defaults: Q,
  options: { url?: boolean; numbers?: readonly string[] } = {},
): [Q, (query: Q) => void] {
  const inUrl = options.url ?? true;
  // The first render's defaults: pages pass a fresh object literal on every render.
  const first = useRef(defaults).current;
  const numbers = useRef(options.numbers).current;
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(first);
  const fromUrl = useMemo(() => readQuery(params, first, numbers), [params, first, numbers]);
  const setQuery = useCallback(
    (query: Q) => {
      if (inUrl) setParams(writeQuery(query, first), { replace: true });
      else setLocal(query);
    },
    [inUrl, setParams, first],
  );
  return [inUrl ? fromUrl : local, setQuery];
}
