/** How a goods list is shown: cards with images, a dense table, or a text list. */
export type ListView = 'card' | 'table' | 'text';

export const LIST_VIEWS: { view: ListView; label: string }[] = [
  { view: 'card', label: '大图' },
  { view: 'table', label: '列表' },
  { view: 'text', label: '文字' },
];

/** Routes whose path says the view (spec route names list_index/list_table/list_no_image...). */
const pathViews: Record<string, Partial<Record<ListView, string>>> = {
  '/list': { card: '/list', table: '/list/table', text: '/list/no_image' },
  '/search': { card: '/search', table: '/search/table' },
  '/yx': { card: '/yx', table: '/yx/table' },
};

const familyOf = (pathname: string): string | undefined => {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return Object.keys(pathViews).find((base) =>
    Object.values(pathViews[base]).some((path) => path === trimmed),
  );
};

/** The view of the current location: from the path where it says one, else from `?view=`. */
export function currentView(pathname: string, search: URLSearchParams): ListView {
  const family = familyOf(pathname);
  if (family) {
    const trimmed = pathname.replace(/\/+$/, '');
    const byPath = Object.entries(pathViews[family]).find(([, path]) => path === trimmed)?.[0] as
      | ListView
      | undefined;
    if (byPath && byPath !== 'card') return byPath;
  }
  const param = search.get('view');
  return param === 'table' || param === 'text' ? param : 'card';
}

/** The address showing the same results in another view (filters and keywords kept). */
export function viewHref(pathname: string, search: URLSearchParams, view: ListView): string {
  const next = new URLSearchParams(search);
  next.delete('view');
  const family = familyOf(pathname);
  let path = pathname;
  const byPath = family ? pathViews[family][view] : undefined;
  if (family && byPath) path = byPath;
  else {
    if (family) path = pathViews[family].card ?? pathname;
    if (view !== 'card') next.set('view', view);
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
