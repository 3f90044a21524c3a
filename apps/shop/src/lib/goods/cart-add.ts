import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markCartChanged } from '../cart-changed';
import { http } from '../http';

/** One cart line to add (spec section 3 "Cart line (add)"). */
export interface CartLineInput {
  goods_id: number;
  price: number;
  number: number;
  ck_id: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  /** 3 for a combination package (goods_id is then the package id); 1 otherwise. */
  type?: number;
}

/** The spec's add-to-cart delay (section 9): the button shows loading at least this long. */
export const ADD_TO_CART_DELAY_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function addToCart(lines: CartLineInput[]) {
  const [result] = await Promise.all([
    http.post<unknown>('/api/cart', { params: lines }),
    pause(ADD_TO_CART_DELAY_MS),
  ]);
  return result;
}

/** POST /api/cart with params[i][...]; refreshes the cart list and the header badge. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => markCartChanged(queryClient),
  });
}
