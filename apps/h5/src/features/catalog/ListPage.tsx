import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GoodsCard } from '../../components/GoodsCard';
import { PullRefresh } from '../../components/PullRefresh';
import { Screen } from '../../components/Screen';
import { type GoodsListParams, useGoodsPages } from './api/catalog';
import { readListParams } from './list-params';

const sorts: { key: NonNullable<GoodsListParams['sort']>; label: string }[] = [
  { key: 'default', label: '综合' },
  { key: 'sales', label: '销量' },
  { key: 'price_asc', label: '价格↑' },
  { key: 'price_desc', label: '价格↓' },
  { key: 'expiry_desc', label: '效期远' },
];

const tags = ['特', '满', '秒', '赠', '新'] as const;

/** A goods list from its URL's filters: sorts, 有货 and badge filters, pull to refresh, endless scroll. */
export default function ListPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const pages = useGoodsPages(params);
  const goods = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const total = pages.data?.pages[0]?.total;

  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace: true });
  };

  const title = search.get('title') || params.keywords || '商品列表';
  return (
    <Screen
      title={title}
      right={
        <Link to="/search" className="m-link">
          搜索
        </Link>
      }
    >
      <div className="m-list-bar" role="toolbar" aria-label="排序">
        {sorts.map((s) => (
          <button
            key={s.key}
            type="button"
            className={(params.sort ?? 'default') === s.key ? 'm-sort m-sort--on' : 'm-sort'}
            onClick={() => set('sort', s.key === 'default' ? undefined : s.key)}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div className="m-list-bar m-list-bar--chips" role="toolbar" aria-label="筛选">
        <button
          type="button"
          className={params.in_stock ? 'm-chip m-chip--on' : 'm-chip'}
          aria-pressed={params.in_stock === 1}
          onClick={() => set('in_stock', params.in_stock ? undefined : '1')}
        >
          有货
        </button>
        {tags.map((tag) => (
          <button
            key={tag}
            type="button"
            className={params.tag === tag ? 'm-chip m-chip--on' : 'm-chip'}
            aria-pressed={params.tag === tag}
            onClick={() => set('tag', params.tag === tag ? undefined : tag)}
          >
            {tag}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={() => pages.refetch()}>
        {total !== undefined ? <p className="m-list-count">共 {total} 个商品</p> : null}
        {pages.isSuccess && goods.length === 0 ? (
          <ErrorBlock status="empty" title="没有找到商品" description="换个词或筛选条件试试" />
        ) : (
          goods.map((g) => <GoodsCard key={g.id} goods={g} />)
        )}
        <InfiniteScroll
          hasMore={pages.hasNextPage}
          loadMore={async () => {
            await pages.fetchNextPage();
          }}
        >
          {pages.hasNextPage || pages.isPending ? '加载中…' : goods.length ? '没有更多了' : ''}
        </InfiniteScroll>
      </PullRefresh>
    </Screen>
  );
}
