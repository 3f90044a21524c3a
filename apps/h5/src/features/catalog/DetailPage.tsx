import { purchaseBlock } from '@yaocai/domain/catalog/goods-view';
import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { clampQuantity, quantityBounds } from '@yaocai/domain/pricing/quantity';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { QuantityStepper } from '../../components/QuantityStepper';
import { Screen } from '../../components/Screen';
import { SnapStrip } from '../../components/SnapStrip';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useCartCount } from '../../lib/user';
import { useAddToCart } from './api/cart-add';
import { useGoodsDetail } from './api/catalog';
import { GoodsInfo } from './GoodsInfo';

export default function DetailPage() {
  const id = Number(useParams().id);
  const detail = useGoodsDetail(id);
  const goods = detail.data;
  const add = useAddToCart();
  const cartCount = useCartCount();
  const rule = goods ? { min: goods.min_quantity, step: goods.step_quantity, stock: goods.number } : {};
  const bounds = quantityBounds(rule);
  const [quantity, setQuantity] = useState(0);
  useEffect(() => {
    if (goods) setQuantity(clampQuantity(goods.min_quantity, rule));
    // Once per goods: the buyer's own changes stay.
  }, [goods?.id]); // eslint-disable-line

  if (detail.isPending)
    return (
      <Screen title="商品详情">
        <DotLoading />
      </Screen>
    );
  if (!goods)
    return (
      <Screen title="商品详情">
        <ErrorBlock status="empty" title="商品不存在或已下架" />
      </Screen>
    );

  const blocked = purchaseBlock(goods) ?? (goods.price_visibility === 'visible' ? null : goods.price_tip);
  const canBuy = !blocked && goods.is_buy && quantity > 0;
  const addToCart = async () => {
    try {
      await add.mutateAsync([
        {
          goods_id: goods.id,
          number: quantity,
          ck_id: goods.ck_id,
          goods_price_id: goods.goods_price_id,
          ladder_price_id: goods.ladder_price_id,
          goods_manjian_id: goods.goods_manjian_id,
          is_yj: goods.is_yj,
          type: 1,
        },
      ]);
      toast('已加入购物车');
    } catch (error) {
      const message = unreportedMessage(error, '加入购物车失败');
      if (message) toast(message);
    }
  };

  const footer = (
    <section className="m-buybar" aria-label="购买">
      <Link to="/cart" className="m-buybar__cart" aria-label={`购物车，${cartCount}种商品`}>
        <ShopbagOutline fontSize={22} />
        <span>购物车{cartCount ? `(${cartCount})` : ''}</span>
      </Link>
      {!blocked && quantity > 0 ? (
        <QuantityStepper
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={quantity}
          onChange={(value) => setQuantity(clampQuantity(value, rule))}
          label="购买数量"
        />
      ) : null}
      <Button
        color="primary"
        className="m-buybar__add"
        disabled={!canBuy}
        loading={add.isPending}
        onClick={addToCart}
      >
        {blocked ?? (quantity > 0 ? '加入购物车' : '暂时缺货')}
      </Button>
    </section>
  );

  return (
    <Screen title="商品详情" footer={footer}>
      <div className="m-gallery">
        <SnapStrip count={goods.gallery.length || 1} label="商品图片">
          {(goods.gallery.length ? goods.gallery : [goods.image]).map((src, i) => (
            <img
              key={src}
              src={src}
              srcSet={goodsImageSrcSet(src)}
              sizes="100vw"
              alt={goods.name}
              width={375}
              height={375}
              className="m-gallery__img"
              loading={i ? 'lazy' : 'eager'}
            />
          ))}
        </SnapStrip>
      </div>
      <GoodsInfo goods={goods} quantity={quantity} />
    </Screen>
  );
}
