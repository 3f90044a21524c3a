import { useQuery } from '@tanstack/react-query';
import type { AdItem, GoodsSummary, SpikeIndexData } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** Banners are decoration: a failing call leaves an empty slot. */
export const useHomeBanners = () =>
  useQuery({
    queryKey: ['focus', 'home_banner'],
    queryFn: ({ signal }) =>
      http.get<AdItem[]>('/api/focus', { params: { position: 'home_banner' }, signal, silent: true }),
    staleTime: 5 * 60_000,
  });

/** GET /api/index/spike: the flash sale's running and upcoming slots. */
export const useSpike = () =>
  useQuery({
    queryKey: ['index', 'spike'],
    queryFn: ({ signal }) => http.get<SpikeIndexData>('/api/index/spike', { signal, silent: true }),
    refetchInterval: 30_000,
  });

const goodsRows = (data: unknown): GoodsSummary[] =>
  Array.isArray(data) ? data : ((data as { list?: GoodsSummary[] } | null)?.list ?? []);

/** GET /api/goods/hot: best sellers. */
export const useHotGoods = () =>
  useQuery({
    queryKey: ['goods', 'hot'],
    queryFn: async ({ signal }) =>
      goodsRows(
        await http.get<unknown>('/api/goods/hot', { params: { page_size: 10 }, signal, silent: true }),
      ),
  });
