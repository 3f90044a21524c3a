import { ShoppingCartOutlined } from '@ant-design/icons';
import type { GoodsSummary } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button } from 'antd';
import { Link } from 'react-router';
import { type CartLineInput, useAddToCart } from '../../lib/goods/cart-add';
import { purchaseBlock, unitPriceFor } from '../../lib/goods/goods-view';

/** Activity ids of the cart line (from the detail page's query string; 0 elsewhere). */
export type CartContext = Pick<
  CartLineInput,
  'goods_price_id' | 'ladder_price_id' | 'goods_manjian_id' | 'is_yj'
>;

const noContext: CartContext = { goods_price_id: 0, ladder_price_id: 0, goods_manjian_id: 0, is_yj: 0 };

interface Props {
  goods: GoodsSummary;
  quantity: number;
  /** Warehouse to take from; the goods' default warehouse otherwise. */
  ckId?: number;
  context?: CartContext;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
}

/** 加入购物车: POST /api/cart with one line; visitors are sent to log in first. */
export function AddToCartButton({ goods, quantity, ckId, context = noContext, size, block }: Props) {
  const { message } = useFeedback();
  const add = useAddToCart();
  if (goods.price_visibility === 'login') {
    return (
      <Link to="/login">
        <Button size={size} block={block}>
          登录后购买
        </Button>
      </Link>
    );
  }
  const price = unitPriceFor(goods, quantity);
  const blocked = goods.price_visibility === 'pending' || price === null || purchaseBlock(goods) !== null;
  return (
    <Button
      type="primary"
      danger
      size={size}
      block={block}
      icon={<ShoppingCartOutlined />}
      disabled={blocked || quantity <= 0}
      loading={add.isPending}
      data-testid="add-to-cart"
      onClick={() =>
        add.mutate(
          [
            {
              goods_id: goods.id,
              price: price ?? 0,
              number: quantity,
              ck_id: ckId ?? goods.ck_id,
              // Only the cart line's fields: the detail page's context also carries is_jxq.
              goods_price_id: context.goods_price_id,
              ladder_price_id: context.ladder_price_id,
              goods_manjian_id: context.goods_manjian_id,
              is_yj: context.is_yj,
            },
          ],
          { onSuccess: () => message.success('已加入购物车') },
        )
      }
    >
      加入购物车
    </Button>
  );
}
