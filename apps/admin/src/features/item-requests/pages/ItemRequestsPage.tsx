import { type AdminItemRequestView, beijingIsoText, itemRequestStatuses } from '@yaocai/domain';
import { Button, Form, Image, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { ListPage, ModalForm, StatusTag, useListQuery, useModalForm } from '../../../components/list-page';
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
  const [query, setQuery] = useListQuery<ItemRequestQuery>({ status: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useItemRequests(query);
  const reply = useReplyItemRequest();
  const answer = useModalForm<AdminItemRequestView, ReplyValues>({
    send: (values, request) =>
      reply.mutateAsync({ id: request.id, ...values, goods_id: values.goods_id ?? 0 }),
    sending: reply.isPending,
    done: '已回复，门店会收到消息',
  });
  const [goodsWord, setGoodsWord] = useState('');
  const options = useGoodsOptions(goodsWord);
  const status = Form.useWatch('status', answer.form);

  return (
    <ListPage<AdminItemRequestView, ItemRequestQuery>
      title="品种求购"
      testId="admin-item-requests"
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      status={{ key: 'status', options: itemRequestStatuses }}
      search={{ placeholder: '商品名称、厂家、批准文号或门店', width: 280 }}
      columns={[
        { title: '提交时间', width: 160, render: (_, r) => time(r.created_at) },
        {
          title: '门店',
          render: (_, r) => (
            <>
              {r.company_name} / {r.store_name}
              <div className="ad-muted">{r.phone}</div>
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
          render: (_, r) => (
            <StatusTag status={r.status} colors={statusColor}>
              {r.status_name}
            </StatusTag>
          ),
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
                  setGoodsWord(r.name);
                  answer.open(r);
                }}
              >
                回复
              </Button>
            ) : null,
        },
      ]}
    >
      <ModalForm
        state={answer}
        title={`回复求购：${answer.target?.name ?? ''} ${answer.target?.spec ?? ''}`}
        okText="发送回复"
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
      </ModalForm>
    </ListPage>
  );
}
