import { type AdminItemRequestView, beijingIsoText, itemRequestStatuses } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Image, Input, Modal, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../components/PagedTable';
import { QueueFilters } from '../../../components/QueueFilters';
import { showFieldErrors } from '../../../lib/form-errors';
import {
  type ItemRequestQuery,
  useGoodsOptions,
  useItemRequests,
  useReplyItemRequest,
} from '../api/item-requests';

const time = beijingIsoText;
const statusColor: Record<string, string> = { pending: 'orange', listed: 'green', unavailable: 'default' };

interface ReplyValues {
  status: 'listed' | 'unavailable';
  goods_id?: number;
  reply: string;
}

/** 品种求购 (客服, item_requests:write): the stores' requests, waiting ones first; answer once. */
export default function ItemRequestsPage() {
  const { message } = useFeedback();
  const [query, setQuery] = useState<ItemRequestQuery>({ status: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useItemRequests(query);
  const reply = useReplyItemRequest();
  const [form] = Form.useForm<ReplyValues>();
  const [answering, setAnswering] = useState<AdminItemRequestView | null>(null);
  const [goodsWord, setGoodsWord] = useState('');
  const options = useGoodsOptions(goodsWord);
  const status = Form.useWatch('status', form);

  const submit = async () => {
    if (!answering) return;
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const values = await form.validateFields();
      await reply.mutateAsync({ id: answering.id, ...values, goods_id: values.goods_id ?? 0 });
      message.success('已回复，门店会收到消息');
      setAnswering(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card title="品种求购" data-testid="admin-item-requests">
      <QueueFilters
        status={query.status}
        statuses={itemRequestStatuses}
        onStatus={(status) => setQuery({ ...query, page: 1, status })}
        placeholder="商品名称、厂家、批准文号或门店"
        searchWidth={280}
        onSearch={(keyword) => setQuery({ ...query, page: 1, keyword })}
      />
      <PagedTable
        loading={isFetching}
        query={query}
        onQuery={setQuery}
        data={data}
        columns={[
          { title: '提交时间', width: 160, render: (_, r) => time(r.created_at) },
          {
            title: '门店',
            render: (_, r) => (
              <>
                {r.company_name} / {r.store_name}
                <div style={{ color: '#999' }}>{r.phone}</div>
              </>
            ),
          },
          {
            title: '求购商品',
            render: (_, r) => (
              <Space direction="vertical" size={2}>
                <strong>
                  {r.name} {r.spec}
                </strong>
                <span style={{ color: '#666' }}>
                  {[r.manufacturer, r.approval_no].filter(Boolean).join(' · ') || '未填厂家与批准文号'}
                </span>
                {r.remark && <span style={{ whiteSpace: 'pre-wrap' }}>备注：{r.remark}</span>}
                {r.photos.length > 0 && (
                  <Image.PreviewGroup>
                    {r.photos.map((src) => (
                      <Image key={src} src={src} width={48} height={48} alt="求购图片" />
                    ))}
                  </Image.PreviewGroup>
                )}
                {r.reply && (
                  <span style={{ color: '#389e0d' }}>
                    回复（{r.replied_by}）：{r.reply}
                    {r.goods && `（${r.goods.name}）`}
                  </span>
                )}
              </Space>
            ),
          },
          { title: '数量', dataIndex: 'quantity', width: 70 },
          {
            title: '预期单价',
            width: 90,
            render: (_, r) => (r.expected_price > 0 ? `¥${r.expected_price.toFixed(2)}` : '-'),
          },
          {
            title: '状态',
            width: 90,
            render: (_, r) => <Tag color={statusColor[r.status]}>{r.status_name}</Tag>,
          },
          {
            title: '操作',
            width: 80,
            render: (_, r) =>
              r.status === 'pending' ? (
                <Button
                  type="link"
                  size="small"
                  data-testid="admin-item-request-answer"
                  onClick={() => {
                    form.resetFields();
                    setGoodsWord(r.name);
                    setAnswering(r);
                  }}
                >
                  回复
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={answering !== null}
        title={`回复求购：${answering?.name ?? ''} ${answering?.spec ?? ''}`}
        okText="发送回复"
        onOk={submit}
        confirmLoading={reply.isPending}
        onCancel={() => setAnswering(null)}
        destroyOnHidden
      >
        <Form<ReplyValues>
          form={form}
          layout="vertical"
          initialValues={{ status: 'listed' }}
          preserve={false}
        >
          <Form.Item name="status" label="处理结果" required>
            <Radio.Group
              options={[
                { value: 'listed', label: '已上架' },
                { value: 'unavailable', label: '暂无货源' },
              ]}
            />
          </Form.Item>
          {status !== 'unavailable' && (
            <Form.Item
              name="goods_id"
              label="上架商品"
              rules={[{ required: true, message: '请选择已上架的商品' }]}
            >
              <Select
                showSearch
                filterOption={false}
                onSearch={setGoodsWord}
                loading={options.isFetching}
                placeholder="输入名称、拼音或批准文号搜索在售商品"
                notFoundContent={goodsWord ? '没有找到在售商品' : '请输入关键词'}
                options={(options.data ?? []).map((g) => ({
                  value: g.id,
                  label: `${g.name} ${g.spec}（${g.manufacturer}）`,
                }))}
                data-testid="admin-item-request-goods"
              />
            </Form.Item>
          )}
          <Form.Item name="reply" label="回复内容" rules={[{ required: true, message: '请填写回复内容' }]}>
            <Input.TextArea rows={3} maxLength={300} showCount data-testid="admin-item-request-reply" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
