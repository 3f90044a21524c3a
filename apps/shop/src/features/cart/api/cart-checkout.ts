import { useMutation } from '@tanstack/react-query';
import type { CheckoutData, CheckoutProblem } from '@yaocai/domain';
import { ApiError, http } from '../../../lib/http';

/** POST /api/cart/checkout (ids, new=1); refusals are shown by the page (problems list). */
export const checkoutCart = (ids: number[]) =>
  http.post<CheckoutData>('/api/cart/checkout', { ids, new: 1 }, { silent: true });

export function checkoutProblems(error: unknown): CheckoutProblem[] | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { problems?: CheckoutProblem[] } | null;
  return data?.problems ?? null;
}

export function useCheckout() {
  return useMutation({ mutationFn: checkoutCart });
}
