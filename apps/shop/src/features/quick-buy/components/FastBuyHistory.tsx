import { type FastBuyItem, type FastBuyOrder, fastBuyOrders, type GoodsSummary } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Space, Tag } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PriceTag } from '../../../components/goods/PriceTag';
import { QuantityStepper } from '../../../components/goods/QuantityStepper';
import { LightSegmented } from '../../../components/LightSegmented';
import { LightTable } from '../../../components/LightTable';
import { useAddToCart } from '../../../lib/goods/cart-add';
import { detailHref, quantityRuleOf, unitPriceFor } from '../../../lib/goods/goods-view';
import { useFastBuy } from '../api/quick-buy';
import { addable, cartLine, validQuantity } from '../lib/cart-lines';

/** 常购清单: what the store bought before; one click or the selected lines to the cart. */
export function FastBuyHistory() {
  const { message } = useFeedback();
  const [order, setOrder] = useState<FastBuyOrder>('recent');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFastBuy(page, order);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const add = useAddToCart();
  const byId = useMemo(() => new Map((data?.list ?? []).map((i) => [i.goods_id, i])), [data]);
  const quantityOf = (g: GoodsSummary) => quantities[g.id] ?? validQuantity(g, null);

  const addItems = (items: FastBuyItem[]) => {
    const lines = items.filter((i) => addable(i.goods)).map((i) => cartLine(i.goods!, quantityOf(i.goods!)));
    if (lines.length === 0) return;
    add.mutate(lines, {
      onSuccess: () => {
        message.success(`已加入购物车${lines.length}种商品`);
        setSelected([]);
      },
    });
  };

  return (
    <div data-testid="fast-buy-history">
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }} wrap>
        <LightSegmented
          label="排序方式"
          value={order}
          onChange={(v) => {
            setOrder(v);
            setPage(1);
          }}
          options={fastBuyOrders.map((o) => ({ value: o.code, label: o.name }))}
        />
        <Button
          type="primary"
          danger
          disabled={selected.length === 0}
          loading={add.isPending}
          onClick={() => addItems(selected.map((id) => byId.get(id)).filter((i): i is FastBuyItem => !!i))}
          data-testid="fast-buy-add-selected"
        >
          选中商品加入购物车{selected.length > 0 ? `（${selected.length}）` : ''}
        </Button>
      </Space>
      <LightTable<FastBuyItem>
        rowKey="goods_id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="还没有采购记录，下单付款后这里会列出常购商品" /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (i) => ({ disabled: !addable(i.goods), 'aria-label': `选择${i.name}` }),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        onRow={() => ({ 'data-testid': 'fast-buy-row' }) as HTMLAttributes<HTMLTableRowElement>}
        columns={[
          {
            title: '商品',
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                {i.goods ? (
                  <Link to={detailHref(i.goods)}>
                    <strong>{i.name}</strong>
                  </Link>
                ) : (
                  <strong>{i.name}</strong>
                )}
                <span style={{ color: '#707070' }}>
                  {i.spec} · {i.manufacturer}
                </span>
              </Space>
            ),
          },
          {
            title: '上次采购',
            width: 130,
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                <span>{i.last_date}</span>
                <span style={{ color: '#707070' }}>¥{i.last_price.toFixed(2)}</span>
              </Space>
            ),
          },
          {
            title: '采购次数',
            width: 110,
            render: (_, i) => (
              <span>
                {i.times}次 / 共{i.total_quantity}
              </span>
            ),
          },
          {
            title: '当前价格',
            width: 170,
            render: (_, i) =>
              i.goods ? (
                <PriceTag goods={i.goods} price={unitPriceFor(i.goods, quantityOf(i.goods))} />
              ) : (
                <Tag>已下架</Tag>
              ),
          },
          {
            title: '库存',
            width: 80,
            render: (_, i) => (i.goods ? i.goods.number : '-'),
          },
          {
            title: '数量',
            width: 150,
            render: (_, i) =>
              addable(i.goods) ? (
                <QuantityStepper
                  size="small"
                  value={quantityOf(i.goods)}
                  rule={quantityRuleOf(i.goods)}
                  onChange={(n) => setQuantities((q) => ({ ...q, [i.goods_id]: n }))}
                />
              ) : null,
          },
          {
            title: '操作',
            width: 110,
            render: (_, i) =>
              addable(i.goods) ? (
                <Button
                  size="small"
                  type="primary"
                  danger
                  onClick={() => addItems([i])}
                  data-testid="fast-buy-add"
                >
                  加入购物车
                </Button>
              ) : i.goods ? null : (
                <Link to="/pzqg/add">发起求购</Link>
              ),
          },
        ]}
      />
    </div>
  );
}
