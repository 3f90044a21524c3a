import type { GoodsSummary } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Popconfirm, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { BuyBox } from '../../../components/goods/BuyBox';
import { PriceTag } from '../../../components/goods/PriceTag';
import { RxBadge } from '../../../components/goods/RxBadge';
import { TagBadges } from '../../../components/goods/TagBadges';
import { detailHref } from '../../../lib/goods/goods-view';
import { useCancelFavorite } from '../api/favorite-cancel';
import { useFavorites } from '../api/favorites';
import '../../../components/goods/catalog.css';
import { LightPager } from '../../../components/LightPager';
import { LightTable } from '../../../components/LightTable';

/** /star — the buyer's favourites: buy from here or cancel, paged (?page=). */
export default function FavoritesPage() {
  const { message } = useFeedback();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const favorites = useFavorites(page);
  const cancel = useCancelFavorite();
  const remove = (id: number) => cancel.mutate([id], { onSuccess: () => message.success('取消收藏成功') });
  const data = favorites.data;
  return (
    // sh-container: inside the member layout the page takes the content column (yc-page alone is
    // 1200 px wide and ran past the window's right edge beside the member menu).
    <div className="yc-page sh-container">
      <h2 className="yc-section-title">我的收藏</h2>
      {favorites.isPending ? (
        <Skeleton active />
      ) : !data || data.list.length === 0 ? (
        <Empty className="yc-empty" description="还没有收藏的商品">
          <Link to="/list">
            <Button type="primary">去逛逛</Button>
          </Link>
        </Empty>
      ) : (
        <LightTable<GoodsSummary>
          data-testid="favorites-table"
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={data.list}
          columns={[
            {
              title: '商品',
              key: 'goods',
              render: (_, g) => (
                <div style={{ display: 'flex', gap: 12 }}>
                  <img
                    src={g.image}
                    alt={g.name}
                    width={64}
                    height={64}
                    style={{ border: '1px solid #eee' }}
                  />
                  <div>
                    <Link to={detailHref(g)} className="yc-goods-link">
                      <RxBadge goods={g} />
                      {g.name}
                    </Link>
                    <div className="yc-muted">
                      {g.ypgg} / {g.bzdw}
                    </div>
                    <div className="yc-muted">{g.sccj}</div>
                    <TagBadges tags={g.tags} />
                  </div>
                </div>
              ),
            },
            { title: '效期', dataIndex: 'expires_on', width: 110, render: (v: string | null) => v ?? '—' },
            { title: '价格', key: 'price', width: 160, render: (_, g) => <PriceTag goods={g} /> },
            { title: '采购', key: 'buy', width: 240, render: (_, g) => <BuyBox goods={g} compact /> },
            {
              title: '操作',
              key: 'op',
              width: 100,
              render: (_, g) => (
                <Popconfirm title="确定取消收藏该商品？" onConfirm={() => remove(g.id)}>
                  <Button type="link" danger data-testid="favorite-cancel">
                    取消收藏
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
      {data && data.total > data.page_size && (
        <LightPager
          style={{ marginTop: 16, justifyContent: 'center' }}
          current={page}
          pageSize={data.page_size}
          total={data.total}
          onChange={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
        />
      )}
    </div>
  );
}
