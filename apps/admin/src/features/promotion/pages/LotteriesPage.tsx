import type { AdminLotteryView } from '@yaocai/domain';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useLotteries } from '../api/promotion';
import { LotteryDrawsDrawer } from '../components/LotteryDrawsDrawer';
import { LotteryEditor, listedPrizes, useLotteryEditor } from '../components/LotteryEditor';
import { PromotionList } from '../components/PromotionList';

/** 抽奖活动 (运营, promotions:write): lotteries with prizes, weights and stock; draws and winners. */
export default function LotteriesPage() {
  const { data, isFetching } = useLotteries();
  const editor = useLotteryEditor();
  const [viewing, setViewing] = useState<AdminLotteryView | null>(null);

  return (
    <PromotionList<AdminLotteryView>
      title="抽奖活动"
      testId="admin-lotteries"
      newLabel="新建抽奖"
      newTestId="admin-lottery-new"
      onNew={() => editor.open('new')}
      rows={data}
      loading={isFetching}
      columns={[
        {
          title: '活动',
          render: (_, l) => (
            <>
              <strong>{l.name}</strong> {l.running ? <Tag color="green">进行中</Tag> : <Tag>未进行</Tag>}
              <div className="ad-muted">
                {l.starts_on} 至 {l.ends_on} · {l.rule_text}
              </div>
            </>
          ),
        },
        {
          title: '奖品（已中 / 剩余库存 / 权重）',
          render: (_, l) =>
            listedPrizes(l).map((p) => (
              <div key={p.id}>
                {p.name}：{p.won} / {p.stock ?? '不限'} / {p.weight}
              </div>
            )),
        },
        { title: '抽奖次数', dataIndex: 'draws', width: 90 },
        {
          title: '操作',
          width: 150,
          render: (_, l) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => editor.open(l)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => setViewing(l)}
                data-testid="admin-lottery-draws"
              >
                抽奖记录
              </Button>
            </Space>
          ),
        },
      ]}
    >
      <LotteryEditor editor={editor} />
      {viewing && <LotteryDrawsDrawer lottery={viewing} onClose={() => setViewing(null)} />}
    </PromotionList>
  );
}
