import { type AdminLotteryView, beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Drawer, Segmented } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-page';
import { unreportedMessage } from '../../../lib/form-errors';
import { type AdminDraw, useLotteryDraws, useShipPrize } from '../api/promotion';
import { storeColumn } from './storeColumn';

/** The draws of one lottery: winners, goods prizes to ship. */
export function LotteryDrawsDrawer({ lottery, onClose }: { lottery: AdminLotteryView; onClose: () => void }) {
  const { message } = useFeedback();
  const [filter, setFilter] = useState<'all' | 'winners' | 'to_ship'>('winners');
  const [page, setPage] = useState(1);
  const draws = useLotteryDraws(lottery.id, {
    page,
    ...(filter === 'winners' ? { winners: '1' as const } : filter === 'to_ship' ? { status: 'to_ship' } : {}),
  });
  const ship = useShipPrize();
  return (
    <Drawer open width={820} title={`抽奖记录：${lottery.name}`} onClose={onClose}>
      <Segmented
        value={filter}
        onChange={(v) => {
          setFilter(v as typeof filter);
          setPage(1);
        }}
        options={[
          { value: 'winners', label: '中奖记录' },
          { value: 'to_ship', label: '待发货' },
          { value: 'all', label: '全部抽奖' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <ListTable
        source={{
          query: { page },
          onQuery: (q) => setPage(q.page),
          data: draws.data,
          loading: draws.isFetching,
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: beijingDateTimeText },
          storeColumn<AdminDraw>(),
          { title: '奖品', render: (_, r) => `${r.name}${r.remarks ? `（${r.remarks}）` : ''}` },
          { title: '状态', width: 90, render: (_, r) => (r.kind === 'none' ? '未中奖' : r.status_name) },
          {
            title: '操作',
            width: 100,
            render: (_, r) =>
              r.status === 'to_ship' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    try {
                      await ship.mutateAsync(r.id);
                      message.success('已标记发货');
                    } catch (error) {
                      const text = unreportedMessage(error, '操作失败');
                      if (text) message.error(text);
                    }
                  }}
                >
                  标记发货
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
