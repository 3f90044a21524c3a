import type { UseQueryResult } from '@tanstack/react-query';
import type { GoodsListData, GoodsListQuery } from '@yaocai/domain';
import { Empty, Skeleton } from 'antd';
import { type ComponentProps, lazy, type ReactNode, Suspense, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type GoodsListParams, useGoodsList } from '../../lib/goods/goods-list';
import { readListFilters, withListFilters } from '../../lib/goods/list-params';
import { goodsListQueryOf } from '../../lib/goods/list-query';
import { currentView } from '../../lib/goods/list-view';
import { useNearViewport } from '../../lib/near-viewport';
import { type CategoryMenuKey, FilterBar } from './FilterBar';
import { GoodsCard } from './GoodsCard';
import { GoodsTextList } from './GoodsTextList';
import { ListToolbar } from './ListToolbar';

// Only the table view loads its columns (and the plain table).
const GoodsTable = lazy(() => import('./GoodsTable').then((m) => ({ default: m.GoodsTable })));
// A screen tall, like the page stand-ins: the footer stays below the fold until the goods come.
const loadingList = (
  <div style={{ minHeight: '100vh' }}>
    <Skeleton active paragraph={{ rows: 8 }} />
  </div>
);
// The pager (with its size select and jump box: antd's Select and Input) sits below the results:
// its code loads when the buyer scrolls near it.
const ListPagination = lazy(() => import('./ListPagination'));

function PaginationWhenNear(props: ComponentProps<typeof ListPagination>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} style={{ marginTop: 16, minHeight: 32 }}>
      {near && (
        <Suspense fallback={null}>
          <ListPagination {...props} />
        </Suspense>
      )}
    </div>
  );
}

interface Props {
  /** Filters fixed by the route (zone, brand, category of the path); they win over the URL. */
  fixed?: Partial<GoodsListQuery>;
  /** Hide the filter rows (brand page, zones keep only the toolbar). */
  hideFilters?: boolean;
  /** Category tree of the filter row (zones: category_yx, category_zy, category_qx). */
  menu?: CategoryMenuKey;
  /** Paging kept in the path instead of `?page=` (/ppzq/info/:id/:page?). */
  pathPage?: { page: number; go: (page: number) => void };
  /** The category comes from the path (/list/other/:id/:name): choosing another changes the path. */
  categoryInPath?: boolean;
  /** The list call (GET /api/goods/list by default; the 控销 pages use GET /api/kx/getList). */
  useList?: (params: GoodsListParams) => UseQueryResult<GoodsListData>;
  /** Above the goods once they came (a search's alias notice). */
  aboveList?: (data: GoodsListData) => ReactNode;
  /** Instead of the empty notice when nothing was found (a search's ways on). */
  whenEmpty?: (data: GoodsListData) => ReactNode;
}

/**
 * One goods list for every list route: filters, sort and page live in the URL search params
 * (shareable, back button works); the view comes from the path or `?view=`.
 */
export function GoodsResults({
  fixed = {},
  hideFilters,
  pathPage,
  menu,
  categoryInPath,
  useList = useGoodsList,
  aboveList,
  whenEmpty,
}: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const filters = readListFilters(search);
  const view = currentView(location.pathname, search);
  const query = goodsListQueryOf(location.pathname, search, fixed, pathPage?.page);
  const list = useList(query);
  const change = (changes: Record<string, string | number | undefined>) =>
    setSearch(withListFilters(search, changes));
  const goods = list.data?.list ?? [];
  const chooseCategory = (category: { id: number; name: string } | undefined) => {
    if (!categoryInPath) return change({ category_id: category?.id });
    const rest = withListFilters(search, {}).toString();
    const path = category ? `/list/other/${category.id}/${encodeURIComponent(category.name)}` : '/list';
    navigate(rest ? `${path}?${rest}` : path);
  };
  return (
    <div data-testid="goods-results">
      {!hideFilters && (
        <FilterBar
          filters={filters}
          fixed={fixed}
          onChange={change}
          menu={menu}
          category={query.category_id}
          onCategory={chooseCategory}
        />
      )}
      <ListToolbar
        filters={filters}
        total={list.data?.total ?? 0}
        capped={list.data?.total_capped}
        onChange={change}
      />
      {list.data && aboveList?.(list.data)}
      {list.isPending ? (
        loadingList
      ) : goods.length === 0 && list.data && whenEmpty && !list.isError ? (
        whenEmpty(list.data)
      ) : goods.length === 0 ? (
        <Empty
          className="yc-empty"
          description={list.isError ? '商品加载失败，请稍后再试' : '暂无符合条件的商品'}
        />
      ) : view === 'table' ? (
        <Suspense fallback={loadingList}>
          <GoodsTable goods={goods} loading={list.isFetching} />
        </Suspense>
      ) : view === 'text' ? (
        <GoodsTextList goods={goods} />
      ) : (
        <div className="yc-grid" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {goods.map((g, i) => (
            <GoodsCard key={g.id} goods={g} eager={i < 5} />
          ))}
        </div>
      )}
      {(list.data?.total ?? 0) > 0 && (
        <PaginationWhenNear
          current={list.data?.page ?? query.page ?? 1}
          pageSize={list.data?.page_size ?? query.page_size}
          total={list.data?.total ?? 0}
          capped={list.data?.total_capped}
          onChange={(page, pageSize) => {
            if (pathPage && pageSize === query.page_size) pathPage.go(page);
            else change({ page, page_size: pageSize === query.page_size ? filters.page_size : pageSize });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
