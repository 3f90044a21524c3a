import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { markWalletChanged } from './wallet';

describe('markWalletChanged', () => {
  it('marks the wallet figures and the coupon lists stale, and nothing else', () => {
    const client = new QueryClient();
    const keys = {
      balance: ['wallet', 'money'],
      coupons: ['wallet', 'coupons', { status: 1 }],
      available: ['coupon', 'available', [1, 2]],
      order: ['order', 'detail', 7],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { any: 'data' });
    markWalletChanged(client);
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.balance)).toBe(true);
    expect(invalidated(keys.coupons)).toBe(true);
    expect(invalidated(keys.available)).toBe(true);
    expect(invalidated(keys.order)).toBe(false);
  });

  it('does not refetch an open verify-order coupon list, whose cart lines an order has taken', async () => {
    const client = new QueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['coupon', 'available', [1, 2]],
      queryFn: async () => ++calls,
    });
    const unsubscribe = observer.subscribe(() => {});
    const key = ['coupon', 'available', [1, 2]];
    await vi.waitFor(() => expect(client.getQueryState(key)?.dataUpdateCount).toBe(1));
    markWalletChanged(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
