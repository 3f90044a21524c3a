import { UploadOutlined } from '@ant-design/icons';
import {
  type GoodsSummary,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderMatch,
  type QuickOrderResult,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Space } from 'antd';
// TextArea alone: antd's Input namespace brings Password, Search and OTP along.
import TextArea from 'antd/es/input/TextArea';
import { type HTMLAttributes, useState } from 'react';
import { Link } from 'react-router';
import { FilePickButton } from '../../../components/FilePickButton';
import { PriceTag } from '../../../components/goods/PriceTag';
import { QuantityStepper } from '../../../components/goods/QuantityStepper';
import { LightTable } from '../../../components/LightTable';
import { useAddToCart } from '../../../lib/goods/cart-add';
import { detailHref, quantityRuleOf, unitPriceFor } from '../../../lib/goods/goods-view';
import { useMatchFile, useMatchText } from '../api/quick-buy';
import { addable, cartLine, messageOf, validQuantity } from '../lib/cart-lines';
import { CandidateSelect } from './CandidateSelect';

interface Chosen {
  goodsId: number | null;
  quantity: number | null;
}

/** 快速下单: paste lines or upload a sheet; each line matched, chosen, then all added at once. */
export function QuickOrder() {
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
      <TextArea
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
        <FilePickButton
          accept=".xlsx,.csv"
          onPick={(file) => matchFile.mutate(file, { onSuccess: show, onError: fail })}
          icon={<UploadOutlined />}
          loading={matchFile.isPending}
          data-testid="quick-order-file"
        >
          上传表格
        </FilePickButton>
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
          <LightTable<QuickOrderMatch>
            rowKey="line"
            size="small"
            pagination={false}
            dataSource={result.lines}
            onRow={(l) =>
              ({
                'data-testid': 'quick-order-line',
                'data-status': l.status,
              }) as HTMLAttributes<HTMLTableRowElement>
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
                    <CandidateSelect
                      line={l.line}
                      placeholder={l.reason ?? '请选择商品'}
                      value={chosen[l.line]?.goodsId ?? undefined}
                      onChange={(goodsId) =>
                        setChosen((c) => ({ ...c, [l.line]: { goodsId, quantity: null } }))
                      }
                      options={l.candidates.map((g) => ({
                        value: g.id,
                        label: `${g.name} ${g.ypgg}（${g.sccj}）`,
                      }))}
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
