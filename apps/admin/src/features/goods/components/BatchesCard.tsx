import { type AdminGoodsDetail, type GoodsBatchView, holdsPermission } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  inspectionReportUrl,
  useAddBatch,
  useSetBatchQuantity,
  useUploadInspectionReport,
} from '../api/goods';
import { AddWarehouseButton } from './AddWarehouseButton';

interface Props {
  goods: AdminGoodsDetail;
  warehouses: { id: number; name: string }[];
  permissions: readonly string[];
}
interface BatchForm {
  warehouse_id: number;
  batch_no: string;
  produced_on: Dayjs;
  expires_on: Dayjs;
  quantity: number;
}

/**
 * Stock by batch: receive a batch and upload its 药检报告 (质管), correct a batch's count (仓库).
 * Earliest expiry first.
 */
export function BatchesCard({ goods, warehouses, permissions }: Props) {
  const { message } = useFeedback();
  const [form] = Form.useForm<BatchForm>();
  const add = useAddBatch();
  const correct = useSetBatchQuantity();
  const upload = useUploadInspectionReport();
  const [counts, setCounts] = useState<Record<number, number | null>>({});
  const canAdd = holdsPermission(permissions, 'batches:write');
  const canCount = holdsPermission(permissions, 'stock:write');

  const receive = async (values: BatchForm) => {
    await add
      .mutateAsync({
        id: goods.id,
        body: {
          ...values,
          produced_on: values.produced_on.format('YYYY-MM-DD'),
          expires_on: values.expires_on.format('YYYY-MM-DD'),
        },
      })
      .then(() => {
        form.resetFields();
        message.success('批号已添加');
      })
      .catch(() => {});
  };
  const save = (batch: GoodsBatchView) => {
    const quantity = counts[batch.id];
    if (quantity === null || quantity === undefined) return;
    correct
      .mutateAsync({ id: goods.id, batchId: batch.id, quantity })
      .then(() => message.success('库存已调整'))
      .catch(() => {});
  };

  return (
    <Card
      title={`批号库存（合计 ${goods.stock}，近效期 ${goods.expires_on ?? '—'}）`}
      style={{ marginTop: 16 }}
      data-testid="admin-goods-batches"
    >
      <Table<GoodsBatchView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={goods.batches}
        columns={[
          { title: '仓库', dataIndex: 'warehouse' },
          { title: '批号', dataIndex: 'batch_no' },
          { title: '生产日期', dataIndex: 'produced_on' },
          { title: '有效期至', dataIndex: 'expires_on' },
          {
            title: '药检报告',
            render: (_, b) => (
              <Space size={4}>
                {b.report ? (
                  <a href={inspectionReportUrl(goods.id, b.id)} data-testid={`admin-report-${b.id}`}>
                    查看
                  </a>
                ) : (
                  <Typography.Text type="secondary">未上传</Typography.Text>
                )}
                {canAdd && (
                  <span data-testid={`admin-report-upload-${b.id}`}>
                    <Upload
                      accept="application/pdf,image/jpeg,image/png"
                      showUploadList={false}
                      customRequest={({ file, onSuccess, onError }) =>
                        upload
                          .mutateAsync({ id: goods.id, batchId: b.id, file: file as File })
                          .then(() => {
                            message.success('药检报告已上传');
                            onSuccess?.(null);
                          })
                          .catch((error: Error) => onError?.(error))
                      }
                    >
                      <Button size="small">
                        {b.report ? '更新' : '上传'}
                        {/* The name says which batch; the visible word stays first in it. */}
                        <span className="yc-sr-only">：批号{b.batch_no}的药检报告</span>
                      </Button>
                    </Upload>
                  </span>
                )}
              </Space>
            ),
          },
          {
            title: '数量',
            render: (_, b) =>
              canCount ? (
                <Space>
                  <InputNumber
                    min={0}
                    precision={0}
                    value={counts[b.id] ?? b.quantity}
                    onChange={(v) => setCounts({ ...counts, [b.id]: v })}
                    aria-label={`批号${b.batch_no}数量`}
                  />
                  <Button
                    size="small"
                    onClick={() => save(b)}
                    disabled={(counts[b.id] ?? b.quantity) === b.quantity}
                  >
                    调整
                  </Button>
                </Space>
              ) : (
                b.quantity
              ),
          },
        ]}
      />
      {canAdd && (
        <Form
          form={form}
          layout="inline"
          style={{ marginTop: 16 }}
          onFinish={receive}
          data-testid="admin-goods-batch-form"
        >
          <Form.Item name="warehouse_id" rules={[{ required: true, message: '请选择仓库' }]}>
            <Select
              placeholder="仓库"
              aria-label="仓库"
              style={{ width: 110 }}
              options={warehouses.map((w) => ({ value: w.id, label: w.name }))}
            />
          </Form.Item>
          <AddWarehouseButton onAdded={(id) => form.setFieldValue('warehouse_id', id)} />
          <Form.Item name="batch_no" rules={[{ required: true, message: '请填写批号' }]}>
            <Input placeholder="批号" style={{ width: 120 }} aria-label="批号" />
          </Form.Item>
          <Form.Item name="produced_on" rules={[{ required: true, message: '请选择生产日期' }]}>
            <DatePicker placeholder="生产日期" aria-label="生产日期" />
          </Form.Item>
          <Form.Item name="expires_on" rules={[{ required: true, message: '请选择有效期' }]}>
            <DatePicker placeholder="有效期至" aria-label="有效期至" />
          </Form.Item>
          <Form.Item name="quantity" rules={[{ required: true, message: '请填写数量' }]}>
            <InputNumber min={0} precision={0} placeholder="数量" aria-label="数量" />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending} data-testid="admin-goods-batch-submit">
            入库
          </Button>
        </Form>
      )}
    </Card>
  );
}
