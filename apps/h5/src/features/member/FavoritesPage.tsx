import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { GoodsCard } from '../../components/GoodsCard';
import { Screen } from '../../components/Screen';
import { useFavorites } from './api/member';

/** 我的收藏: the favourite goods, as the lists show goods. */
export default function FavoritesPage() {
  const favorites = useFavorites();
  const rows = favorites.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Screen title="我的收藏">
      {rows.map((g) => (
        <GoodsCard key={g.id} goods={g} />
      ))}
      <InfiniteScroll
        hasMore={favorites.hasNextPage}
        loadMore={async () => void (await favorites.fetchNextPage())}
      >
        {favorites.isPending ? '加载中…' : rows.length ? '没有更多了' : '还没有收藏的商品'}
      </InfiniteScroll>
    </Screen>
  );
}
