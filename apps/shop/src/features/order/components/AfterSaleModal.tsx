import type { OrderDetailView } from '@yaocai/domain';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Table, Upload } from 'antd';
import { useState } from 'react';
import { useRequestAfterSale } from '../api/orders';
import { uploadPicture } from '../api/upload';

/** Return / after-sales request: kind, reason and quantity per line. */
export function AfterSaleModal({
  order,
  open,
  onClose,
}: {
  order: OrderDetailView;
  open: boolean;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [kind, setKind] = useState<'return' | 'after_sale'>('return');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [photos, setPhotos] = useState<{ id: number; name: string }[]>([]);
  const request = useRequestAfterSale(order.id);
  const submit = async () => {
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ line_id: Number(id), quantity }));
    if (!lines.length) return message.warning('请填写申请数量');
    if (reason.trim().length < 2) return message.warning('请填写申请原因');
    await request.mutateAsync({ kind, reason, lines, photo_ids: photos.map((p) => p.id) });
    message.success('申请已提交，请等待审核');
    onClose();
  };
  return (
    <Modal
      open={open}
      title="申请售后"
      onCancel={onClose}
      onOk={submit}
      okText="提交申请"
      confirmLoading={request.isPending}
      width={720}
    >
      <Form layout="vertical">
        <Form.Item label="售后类型">
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value)}>
            <Radio value="return">退货退款</Radio>
            <Radio value="after_sale">其他售后</Radio>
          </Radio.Group>
        </Form.Item>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.lines}
          columns={[
            { title: '商品', render: (_, l) => `${l.name} ${l.spec}` },
            { title: '购买数量', dataIndex: 'quantity', width: 90 },
            {
              title: '申请数量',
              width: 120,
              render: (_, l) => (
                <InputNumber
                  min={0}
                  max={l.quantity}
                  value={quantities[l.id] ?? 0}
                  onChange={(v) => setQuantities({ ...quantities, [l.id]: v ?? 0 })}
                  data-testid="after-sale-qty"
                />
              ),
            },
          ]}
        />
        <Form.Item label="申请原因" style={{ marginTop: 12 }}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="after-sale-reason"
          />
        </Form.Item>
        <Form.Item label="凭证照片（最多9张）">
          <Upload
            accept="image/*"
            listType="text"
            fileList={photos.map((p) => ({ uid: String(p.id), name: p.name, status: 'done' as const }))}
            onRemove={(f) => setPhotos(photos.filter((p) => String(p.id) !== f.uid))}
            customRequest={async ({ file, onSuccess }) => {
              const up = await uploadPicture(file as File);
              setPhotos((list) => [...list, { id: up.id, name: up.name }]);
              onSuccess?.(up);
            }}
          >
            {photos.length < 9 && <Button>上传照片</Button>}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
