import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@yaocai/domain';
import { http } from './http';

// What the order and pay pages share with the wallet feature: its query keys, marking the
// figures stale after an order moves them, and the balance.

export const walletKeys = { all: ['wallet'] as const };

/**
 * Orders move the wallet: placing one spends coupons and points, paying spends balance or
 * credit, cancelling gives coupons and points back. The order hooks call this so the wallet
 * pages and the verify-order coupon list do not show the figures from before.
 */
export function markWalletChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: walletKeys.all });
  // Marked stale, not refetched now: the verify page's list is asked for its cart lines, which
  // an order has just taken (the refused refetch would cover step 3 with an error dialog).
  void client.invalidateQueries({ queryKey: ['coupon'], refetchType: 'none' });
}

export const useBalance = () =>
  useQuery({
    queryKey: [...walletKeys.all, 'money'],
    queryFn: () => http.get<WalletBalance>('/api/user/user_money'),
  });
