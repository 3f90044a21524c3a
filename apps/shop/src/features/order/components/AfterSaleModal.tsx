import type { OrderDetailView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Form, Input, InputNumber, Modal, Radio, Table } from 'antd';
import { useState } from 'react';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import { useRequestAfterSale } from '../api/orders';

/** Return / after-sales request: kind, reason, quantity per line and photos. */
export function AfterSaleModal({
  order,
  open,
  onClose,
}: {
  order: OrderDetailView;
  open: boolean;
  onClose(): void;
}) {
  const { message } = useFeedback();
  const [kind, setKind] = useState<'return' | 'after_sale'>('return');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const request = useRequestAfterSale(order.id);
  const submit = async () => {
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ line_id: Number(id), quantity }));
    if (!lines.length) return message.warning('请填写申请数量');
    if (reason.trim().length < 2) return message.warning('请填写申请原因');
    try {
      await request.mutateAsync({ kind, reason, lines, photo_ids: photos.map((p) => p.id) });
    } catch {
      return; // the HTTP client has told the buyer why
    }
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
      okButtonProps={{ disabled: uploading > 0 }}
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
        <Form.Item label="凭证照片（最多9张）" extra="支持 JPG、PNG、WEBP 图片，单张不超过10MB">
          <PhotoUpload
            value={photos}
            onChange={setPhotos}
            max={9}
            onBusy={setUploading}
            testId="after-sale-photos"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
