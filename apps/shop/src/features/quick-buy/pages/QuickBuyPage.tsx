import { UploadOutlined } from '@ant-design/icons';
import {
  clampQuantity,
  type FastBuyItem,
  type FastBuyOrder,
  fastBuyOrders,
  type GoodsSummary,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderMatch,
  type QuickOrderResult,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Empty, Input, Segmented, Select, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { PriceTag } from '../../../components/goods/PriceTag';
import { QuantityStepper } from '../../../components/goods/QuantityStepper';
import { type CartLineInput, useAddToCart } from '../../../lib/goods/cart-add';
import { detailHref, purchaseBlock, quantityRuleOf, unitPriceFor } from '../../../lib/goods/goods-view';
import { ApiError } from '../../../lib/http';
import { useFastBuy, useMatchFile, useMatchText } from '../api/quick-buy';

/** Whether the store may add this goods now (prices visible, in scope, on sale, in stock). */
const addable = (g: GoodsSummary | null | undefined): g is GoodsSummary =>
  !!g && g.price_visibility === 'visible' && g.base_price !== null && purchaseBlock(g) === null;

/** A quantity the goods accepts: the wanted one raised to the minimum and 中包装 step. */
const validQuantity = (g: GoodsSummary, wanted: number | null) =>
  clampQuantity(wanted ?? g.min_quantity, quantityRuleOf(g));

const cartLine = (g: GoodsSummary, number: number): CartLineInput => ({
  goods_id: g.id,
  price: unitPriceFor(g, number) ?? 0,
  number,
  ck_id: g.ck_id,
  goods_price_id: 0,
  ladder_price_id: 0,
  goods_manjian_id: 0,
  is_yj: 0,
});

/** A refusal's text (the server's message names the first problem). */
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : '操作失败，请稍后再试');

/** 常购清单: what the store bought before; one click or the selected lines to the cart. */
function History() {
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
        <Segmented
          value={order}
          onChange={(v) => {
            setOrder(v as FastBuyOrder);
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
      <Table<FastBuyItem>
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
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        onRow={() => ({ 'data-testid': 'fast-buy-row' }) as React.HTMLAttributes<HTMLElement>}
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

interface Chosen {
  goodsId: number | null;
  quantity: number | null;
}

/** 快速下单: paste lines or upload a sheet; each line matched, chosen, then all added at once. */
function QuickOrder() {
  const { message } = useFeedback();
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [chosen, setChosen] = useState<Record<number, Chosen>>({});
  const [error, setError] = useState<string | null>(null);
  const matchText = useMatchText();
  const matchFile = useMatchFile();
  const add = useAddToCart();

  const show = (r: QuickOrderResult) => {
    setResult(r);
    setError(null);
    setChosen(
      Object.fromEntries(
        r.lines.map((l) => [
          l.line,
          { goodsId: l.status === 'matched' ? l.candidates[0].id : null, quantity: null },
        ]),
      ),
    );
  };
  const fail = (e: unknown) => {
    setResult(null);
    setError(messageOf(e));
  };

  const goodsOf = (l: QuickOrderMatch) => l.candidates.find((c) => c.id === chosen[l.line]?.goodsId);
  const quantityOf = (l: QuickOrderMatch, g: GoodsSummary) =>
    chosen[l.line]?.quantity ?? validQuantity(g, l.quantity);
  const ready = (result?.lines ?? []).flatMap((l) => {
    const g = goodsOf(l);
    return addable(g) ? [cartLine(g, quantityOf(l, g))] : [];
  });

  const addAll = () =>
    add.mutate(ready, {
      onSuccess: () => message.success(`已加入购物车${ready.length}种商品`),
    });

  return (
    <div data-testid="quick-order">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`每行一种商品：商品名称、拼音首字母、批准文号或商品编码，后接数量（空格、逗号或 Tab 分隔，数量可省略）；一次最多${QUICK_ORDER_MAX_LINES}行。也可上传 .xlsx 或 .csv 表格：第一列商品，第二列数量。`}
      />
      <Input.TextArea
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'阿莫西林胶囊 20\n国药准字Z20040063, 10\nlhqw 5'}
        aria-label="快速下单内容"
        data-testid="quick-order-text"
      />
      <Space style={{ marginTop: 12 }}>
        <Button
          type="primary"
          loading={matchText.isPending}
          disabled={text.trim() === ''}
          onClick={() => matchText.mutate(text, { onSuccess: show, onError: fail })}
          data-testid="quick-order-match"
        >
          识别商品
        </Button>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            matchFile.mutate(file, { onSuccess: show, onError: fail });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={matchFile.isPending} data-testid="quick-order-file">
            上传表格
          </Button>
        </Upload>
      </Space>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={error}
          data-testid="quick-order-error"
        />
      )}
      {result && (
        <div style={{ marginTop: 16 }}>
          <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }} wrap>
            <span data-testid="quick-order-summary">
              已匹配 {result.matched} 行，待选择 {result.choose} 行，未找到或有误 {result.unmatched} 行
            </span>
            <Button
              type="primary"
              danger
              disabled={ready.length === 0}
              loading={add.isPending}
              onClick={addAll}
              data-testid="quick-order-add"
            >
              全部加入购物车（{ready.length}）
            </Button>
          </Space>
          <Table<QuickOrderMatch>
            rowKey="line"
            size="small"
            pagination={false}
            dataSource={result.lines}
            onRow={(l) =>
              ({
                'data-testid': 'quick-order-line',
                'data-status': l.status,
              }) as React.HTMLAttributes<HTMLElement>
            }
            columns={[
              { title: '行', dataIndex: 'line', width: 50 },
              { title: '输入', dataIndex: 'keyword', width: 180 },
              {
                title: '匹配商品',
                render: (_, l) => {
                  if (l.status === 'none' || l.status === 'invalid') {
                    return (
                      <span style={{ color: '#cf1322' }}>
                        {l.reason}
                        {l.status === 'none' && (
                          <Link to="/pzqg/add" style={{ marginLeft: 8 }}>
                            发起求购
                          </Link>
                        )}
                      </span>
                    );
                  }
                  if (l.status === 'matched') {
                    const g = l.candidates[0];
                    return (
                      <Link to={detailHref(g)}>
                        {g.name} {g.ypgg}（{g.sccj}）
                      </Link>
                    );
                  }
                  return (
                    <Select
                      style={{ width: '100%', minWidth: 260 }}
                      placeholder={l.reason ?? '请选择商品'}
                      value={chosen[l.line]?.goodsId ?? undefined}
                      onChange={(goodsId: number) =>
                        setChosen((c) => ({ ...c, [l.line]: { goodsId, quantity: null } }))
                      }
                      options={l.candidates.map((g) => ({
                        value: g.id,
                        label: `${g.name} ${g.ypgg}（${g.sccj}）`,
                      }))}
                      aria-label={`选择第${l.line}行的商品`}
                      data-testid="quick-order-choose"
                    />
                  );
                },
              },
              {
                title: '价格',
                width: 150,
                render: (_, l) => {
                  const g = goodsOf(l);
                  return g ? <PriceTag goods={g} price={unitPriceFor(g, quantityOf(l, g))} /> : null;
                },
              },
              {
                title: '数量',
                width: 150,
                render: (_, l) => {
                  const g = goodsOf(l);
                  return addable(g) ? (
                    <QuantityStepper
                      size="small"
                      value={quantityOf(l, g)}
                      rule={quantityRuleOf(g)}
                      onChange={(quantity) =>
                        setChosen((c) => ({ ...c, [l.line]: { goodsId: g.id, quantity } }))
                      }
                    />
                  ) : null;
                },
              },
            ]}
          />
        </div>
      )}
    </div>
  );
}

/** /kjcg 快捷采购: buy again from the store's history, or order by a list. */
export default function QuickBuyPage() {
  return (
    <Card className="sh-container sh-page" title="快捷采购" data-testid="quick-buy-page">
      <Tabs
        items={[
          { key: 'history', label: '常购清单', children: <History /> },
          { key: 'quick', label: '快速下单', children: <QuickOrder /> },
        ]}
      />
    </Card>
  );
}
