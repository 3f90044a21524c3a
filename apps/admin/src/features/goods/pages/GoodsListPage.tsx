import {
  ADMIN_GOODS_TOTAL_CAP,
  type AdminGoodsQuery,
  type AdminGoodsRow,
  formatYuan,
  fromYuan,
  goodsKinds,
  holdsPermission,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../../lib/me';
import { exportUrl, useGoodsList, useSetOnSale } from '../api/goods';
import { ImportGoodsModal } from '../components/ImportGoodsModal';

const kindName = (code: string) => goodsKinds.find((k) => k.code === code)?.name ?? code;

/** Goods (商品管理): search by name, pinyin, approval number or manufacturer; filter; edit; sale state; Excel. */
export default function GoodsListPage() {
  const { message } = useFeedback();
  const [query, setQuery] = useState<AdminGoodsQuery>({ page: 1, page_size: 20 });
  const [importing, setImporting] = useState(false);
  const { data, isFetching } = useGoodsList(query);
  const sale = useSetOnSale();
  const permissions = useMe().data?.permissions ?? [];
  const canWrite = holdsPermission(permissions, 'goods:write');

  const toggle = (row: AdminGoodsRow) =>
    sale
      .mutateAsync({ id: row.id, on_sale: !row.on_sale })
      .then(() => void message.success(row.on_sale ? '已下架' : '已上架'))
      .catch(() => {});

  return (
    <Card
      title="商品管理"
      data-testid="admin-goods"
      extra={
        <Space>
          <Button href={exportUrl(query)} data-testid="admin-goods-export">
            导出Excel
          </Button>
          {canWrite && (
            <>
              <Button onClick={() => setImporting(true)} data-testid="admin-goods-import">
                导入Excel
              </Button>
              <Link to="/goods/new">
                <Button type="primary" data-testid="admin-goods-create">
                  新建商品
                </Button>
              </Link>
            </>
          )}
        </Space>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values: Omit<AdminGoodsQuery, 'page'>) =>
          setQuery({ ...values, q: values.q || undefined, page: 1, page_size: query.page_size })
        }
      >
        <Form.Item name="q">
          <Input
            placeholder="名称 / 拼音首字母 / 批准文号 / 厂家"
            allowClear
            style={{ width: 260 }}
            aria-label="搜索商品"
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            placeholder="商品类型"
            aria-label="商品类型"
            allowClear
            style={{ width: 120 }}
            options={goodsKinds.map((k) => ({ value: k.code, label: k.name }))}
          />
        </Form.Item>
        <Form.Item name="on_sale">
          <Select
            placeholder="上架状态"
            aria-label="上架状态"
            allowClear
            style={{ width: 110 }}
            options={[
              { value: '1', label: '已上架' },
              { value: '0', label: '已下架' },
            ]}
          />
        </Form.Item>
        <Form.Item name="stock">
          <Select
            placeholder="库存"
            aria-label="库存"
            allowClear
            style={{ width: 100 }}
            options={[
              { value: 'in', label: '有货' },
              { value: 'out', label: '无货' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<AdminGoodsRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showTotal: (total) =>
            `共 ${total > ADMIN_GOODS_TOTAL_CAP ? `${ADMIN_GOODS_TOTAL_CAP}+` : total} 个商品`,
          onChange: (page, page_size) => setQuery({ ...query, page, page_size }),
        }}
        columns={[
          { title: '编码', dataIndex: 'sku', width: 110 },
          {
            title: '商品',
            render: (_, g) => (
              <Space>
                <img src={g.image} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
                <span>
                  <Link to={`/goods/${g.id}`}>{g.name}</Link>
                  <br />
                  <small>
                    {g.spec} / {g.unit} · {g.manufacturer}
                  </small>
                </span>
              </Space>
            ),
          },
          { title: '批准文号', dataIndex: 'approval_no' },
          { title: '类型', width: 90, render: (_, g) => kindName(g.kind) },
          { title: '基础价', align: 'right', render: (_, g) => formatYuan(fromYuan(g.base_price)) },
          { title: '库存', dataIndex: 'stock', align: 'right' },
          { title: '近效期', dataIndex: 'expires_on', width: 110 },
          {
            title: '状态',
            render: (_, g) => (g.on_sale ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>),
          },
          {
            title: '操作',
            width: 110,
            render: (_, g) => (
              <Space size={0}>
                <Link to={`/goods/${g.id}`}>{canWrite ? '编辑' : '查看'}</Link>
                {canWrite && (
                  <Button type="link" size="small" onClick={() => toggle(g)}>
                    {g.on_sale ? '下架' : '上架'}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ImportGoodsModal open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
