import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { OrderDetailView } from '@yaocai/domain';
import { fileUrl } from '@yaocai/web-client/files';
import { App, Form, Input, InputNumber, Modal, Radio, Table, Upload } from 'antd';
import { useState } from 'react';
import { useRequestAfterSale } from '../api/orders';
import { uploadPicture } from '../api/upload';

const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp';
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

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
  const { message } = App.useApp();
  const [kind, setKind] = useState<'return' | 'after_sale'>('return');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [photos, setPhotos] = useState<{ id: number; name: string }[]>([]);
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
          <Upload
            accept={PHOTO_ACCEPT}
            listType="picture-card"
            fileList={photos.map((p) => ({
              uid: String(p.id),
              name: p.name,
              status: 'done' as const,
              url: fileUrl(p.id),
              thumbUrl: fileUrl(p.id),
            }))}
            onRemove={(f) => setPhotos(photos.filter((p) => String(p.id) !== f.uid))}
            beforeUpload={(file) => {
              if (file.size > MAX_PHOTO_BYTES) {
                message.error('单张照片不能超过10MB');
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading((n) => n + 1);
              // A refused file is reported by the HTTP client (422 toast); it just stays out of the list.
              uploadPicture(file as File)
                .then((up) => {
                  setPhotos((list) => [...list, { id: up.id, name: up.name }]);
                  onSuccess?.(up);
                }, onError)
                .finally(() => setUploading((n) => n - 1));
            }}
            data-testid="after-sale-photos"
          >
            {photos.length + uploading < 9 && (
              <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
                {uploading ? <LoadingOutlined /> : <PlusOutlined />}
                <div style={{ marginTop: 8 }}>上传照片</div>
              </button>
            )}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
