import { ShoppingCartOutlined } from '@ant-design/icons';
import { CART_LINE_TYPE, type CombinationView } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, InputNumber, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAddToCart } from '../../../lib/goods/cart-add';
import { useCombinations } from '../api/combinations';
import '../promotion.css';
import { Card } from '../../../components/Card';

const yuan = (v: number | null) => (v === null ? '' : `¥${v.toFixed(2)}`);

/** One package: its goods, the package price against buying them one by one, and 加入购物车. */
function PackageCard({ pack }: { pack: CombinationView }) {
  const { message } = useFeedback();
  const add = useAddToCart();
  const [sets, setSets] = useState(1);
  const soldOut = pack.sets <= 0;
  const action =
    pack.price_visibility === 'login' ? (
      <Link to="/login">
        <Button>登录后购买</Button>
      </Link>
    ) : (
      <Space>
        <InputNumber
          aria-label={`${pack.name}购买套数`}
          min={1}
          max={Math.max(1, pack.sets)}
          precision={0}
          value={sets}
          onChange={(v) => setSets(v ?? 1)}
          disabled={soldOut}
          style={{ width: 90 }}
        />
        <Button
          type="primary"
          danger
          icon={<ShoppingCartOutlined />}
          disabled={soldOut || pack.add_refusal !== null || pack.price === null}
          loading={add.isPending}
          data-testid="combination-add"
          onClick={() =>
            add.mutate(
              [
                {
                  goods_id: pack.id,
                  type: CART_LINE_TYPE.combination,
                  price: pack.price ?? 0,
                  number: sets,
                  ck_id: pack.ck_id,
                  goods_price_id: 0,
                  ladder_price_id: 0,
                  goods_manjian_id: 0,
                  is_yj: 0,
                },
              ],
              {
                onSuccess: () => message.success('套餐已加入购物车'),
                onError: (error) => {
                  const text = unreportedMessage(error, '加入购物车失败');
                  if (text) message.error(text);
                },
              },
            )
          }
        >
          加入购物车
        </Button>
      </Space>
    );
  return (
    <Card size="small" className="sh-combo" data-testid="combination-card" title={pack.name}>
      <ul className="sh-combo__items">
        {pack.items.map((item) => (
          <li key={item.goods_id}>
            <Link to={`/list/info/${item.goods_id}`}>
              <img src={item.image} alt="" width={72} height={72} loading="lazy" />
              <span className="sh-combo__name">{item.name}</span>
            </Link>
            <span className="sh-combo__spec">
              {item.ypgg} × {item.number}
            </span>
            {item.price !== null && <span className="sh-combo__unit">单价 {yuan(item.price)}</span>}
          </li>
        ))}
      </ul>
      <div className="sh-combo__foot">
        {pack.price === null ? (
          <span className="sh-combo__tip">{pack.price_tip}</span>
        ) : (
          <span>
            套餐价 <strong className="sh-combo__price">{yuan(pack.price)}</strong>{' '}
            <del className="sh-combo__original">{yuan(pack.original_price)}</del>{' '}
            {(pack.saving ?? 0) > 0 && <Tag color="red">省{yuan(pack.saving)}</Tag>}
          </span>
        )}
        <span className="sh-combo__stock">{soldOut ? '已售罄' : `可购 ${pack.sets} 套`}</span>
        {pack.add_refusal && pack.price_visibility !== 'login' && (
          <span className="sh-combo__refusal">{pack.add_refusal}</span>
        )}
        {action}
      </div>
    </Card>
  );
}

/** /zhzq 组合专区: combination packages, each bought as one cart line. */
export default function CombinationsPage() {
  const { data, isLoading } = useCombinations();
  return (
    <section className="sh-promo" aria-labelledby="zhzq-title">
      <h1 id="zhzq-title" className="sh-promo__title">
        组合专区
      </h1>
      <p className="sh-promo__lead">常用药品组合购买，一次加购整套，套餐价低于单独购买。</p>
      {isLoading ? (
        <Spin />
      ) : !data?.length ? (
        <Empty description="暂无组合套餐" />
      ) : (
        <div className="sh-combo-list">
          {data.map((pack) => (
            <PackageCard key={pack.id} pack={pack} />
          ))}
        </div>
      )}
    </section>
  );
}
