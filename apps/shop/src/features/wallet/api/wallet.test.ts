import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
});
