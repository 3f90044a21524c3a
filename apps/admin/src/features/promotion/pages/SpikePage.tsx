import {
  type AdminSpikeSale,
  beijingDateTimeText,
  nextSpikeStatus,
  type SpikeSaleAction,
  spikeSaleStatusNames,
  spikeSaleTransitions,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { pickedBeijingSeconds } from '../../../lib/beijing-picker';
import { fieldErrors, showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { usePromotionOptions } from '../api/promotion';
import { useSpikeSales, useSpikeWrite } from '../api/spike';

type Dialog =
  | { kind: 'sale' }
  | { kind: 'slot'; saleId: number }
  | { kind: 'goods'; slotId: number; itemId: number | null; goodsId?: number };

function SpikeDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { message } = useFeedback();
  const write = useSpikeWrite();
  const [form] = Form.useForm();
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const submit = async () => {
    // An invalid form stops here quietly: its messages are under the fields.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [url, body] =
      dialog.kind === 'sale'
        ? ['', { name: v.name }]
        : dialog.kind === 'slot'
          ? [
              `/${dialog.saleId}/slots`,
              { start_time: pickedBeijingSeconds(v.times[0]), end_time: pickedBeijingSeconds(v.times[1]) },
            ]
          : [
              `/slots/${dialog.slotId}/goods${dialog.itemId ? `/${dialog.itemId}` : ''}`,
              {
                goods_id: v.goods_id ?? dialog.goodsId,
                spike_price: v.spike_price,
                stock: v.stock,
                limit: v.limit,
              },
            ];
    try {
      await write.mutateAsync({ url, body });
      message.success('已保存');
      onClose();
    } catch (error) {
      // The slot's two times are one range picker: its messages show under it.
      if (dialog.kind === 'slot')
        form.setFields([{ name: 'times', errors: fieldErrors(error).flatMap((f) => f.errors) }]);
      else showFieldErrors(form, error);
    }
  };
  const title = { sale: '新建秒杀活动', slot: '添加场次', goods: '秒杀商品' }[dialog.kind];
  return (
    <Modal
      open
      title={title}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={write.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {dialog.kind === 'sale' && (
          <Form.Item name="name" label="活动名称" rules={[{ required: true, message: '请填写活动名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
        )}
        {dialog.kind === 'slot' && (
          <Form.Item name="times" label="场次时间" rules={[{ required: true, message: '请选择场次时间' }]}>
            <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        )}
        {dialog.kind === 'goods' && (
          <>
            {dialog.itemId === null && (
              <Form.Item name="goods_id" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
                <Select
                  showSearch
                  filterOption={false}
                  onSearch={setWord}
                  placeholder="输入商品名称搜索"
                  options={(options.data?.goods ?? []).map((g) => ({
                    value: g.id,
                    label: `${g.name} ${g.spec}`,
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="spike_price"
              label="秒杀价（元）"
              rules={[{ required: true, message: '请填写秒杀价' }]}
            >
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="stock" label="秒杀库存" rules={[{ required: true, message: '请填写秒杀库存' }]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="limit" label="每店限购" rules={[{ required: true, message: '请填写每店限购' }]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

function SaleCard({ sale, open }: { sale: AdminSpikeSale; open: (d: Dialog) => void }) {
  const { message } = useFeedback();
  const write = useSpikeWrite();
  const act = async (action: SpikeSaleAction) => {
    try {
      await write.mutateAsync({ url: `/${sale.id}/status`, body: { action } });
      message.success('已更新');
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
  };
  const actions = (Object.keys(spikeSaleTransitions) as SpikeSaleAction[]).filter((a) =>
    nextSpikeStatus(sale.status, a),
  );
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="admin-spike-sale"
      title={
        <Space>
          {sale.name}
          <Tag color={sale.status === 'scheduled' ? 'green' : undefined}>
            {spikeSaleStatusNames[sale.status]}
          </Tag>
        </Space>
      }
      extra={
        <Space>
          {sale.status !== 'ended' && (
            <Button onClick={() => open({ kind: 'slot', saleId: sale.id })}>添加场次</Button>
          )}
          {actions.map((a) => (
            <Button key={a} onClick={() => act(a)} danger={a === 'end'}>
              {spikeSaleTransitions[a].name}
            </Button>
          ))}
        </Space>
      }
    >
      {sale.slots.map((slot) => (
        <div key={slot.id} style={{ marginBottom: 12 }} data-testid="admin-spike-slot">
          <Space style={{ marginBottom: 8 }}>
            <strong>
              场次 {beijingDateTimeText(slot.start_time)} 至 {beijingDateTimeText(slot.end_time)}
            </strong>
            <span>
              已售{slot.sales.units}件 · {slot.sales.orders}单 · ¥{slot.sales.amount.toFixed(2)}
            </span>
            {sale.status !== 'ended' && (
              <Button size="small" onClick={() => open({ kind: 'goods', slotId: slot.id, itemId: null })}>
                添加商品
              </Button>
            )}
          </Space>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={slot.goods}
            columns={[
              { title: '商品', render: (_, g) => `${g.name} ${g.spec}` },
              { title: '原价', dataIndex: 'base_price', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '秒杀价', dataIndex: 'spike_price', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '秒杀库存', dataIndex: 'stock' },
              { title: '已售', dataIndex: 'sold' },
              { title: '每店限购', dataIndex: 'limit' },
              {
                title: '操作',
                render: (_, g) =>
                  sale.status !== 'ended' && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        open({ kind: 'goods', slotId: slot.id, itemId: g.id, goodsId: g.goods_id })
                      }
                    >
                      编辑
                    </Button>
                  ),
              },
            ]}
          />
        </div>
      ))}
    </Card>
  );
}

/** 秒杀活动 (运营, promotions:write): sales, slots, goods at a spike price, status and sales per slot. */
export default function SpikePage() {
  const { data, isPending } = useSpikeSales();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  return (
    <Card
      title="秒杀活动"
      loading={isPending}
      data-testid="admin-spike"
      extra={
        <Button type="primary" onClick={() => setDialog({ kind: 'sale' })} data-testid="admin-spike-new">
          新建秒杀活动
        </Button>
      }
    >
      {(data ?? []).map((sale) => (
        <SaleCard key={sale.id} sale={sale} open={setDialog} />
      ))}
      {dialog && <SpikeDialog dialog={dialog} onClose={() => setDialog(null)} />}
    </Card>
  );
}
