import { beijingDateTimeText, companyTypeName, regionLabel, type SaleControlRow } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, type CheckboxProps, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/me';
import { type SaleControlQuery, useRemoveSaleControls, useSaleControls } from '../api/sale-controls';
import { type SaleControlDraft, SaleControlForm } from '../components/SaleControlForm';

/** 控销管理: the controlled goods with their controls; set one control on many goods; lift controls. */
export default function SaleControlsPage() {
  const { message } = useFeedback();
  const [query, setQuery] = useState<SaleControlQuery>({ page: 1, page_size: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [draft, setDraft] = useState<{ key: number; value?: SaleControlDraft }>({ key: 0 });
  const { data, isFetching } = useSaleControls(query);
  const remove = useRemoveSaleControls();
  const canWrite = useCan('goods:write');

  const lift = (ids: number[]) =>
    remove
      .mutateAsync(ids)
      .then((r) => {
        message.success(`已取消${r.updated}个商品的控销`);
        setSelected([]);
      })
      .catch(() => {});
  const edit = (row: SaleControlRow) =>
    setDraft({
      key: draft.key + 1,
      value: {
        goods: [{ id: row.goods_id, name: row.name }],
        customer_types: row.customer_types,
        regions: row.regions,
      },
    });

  return (
    <Card title="控销管理" data-testid="admin-sale-controls">
      {canWrite && <SaleControlForm key={draft.key} draft={draft.value} />}
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="商品名称 / 编码"
          allowClear
          aria-label="搜索控销商品"
          onSearch={(keywords) => setQuery({ ...query, keywords: keywords || undefined, page: 1 })}
          style={{ width: 260 }}
        />
        {canWrite && (
          <Popconfirm title={`取消选中的${selected.length}个商品的控销？`} onConfirm={() => lift(selected)}>
            <Button disabled={selected.length === 0} data-testid="sale-control-bulk-remove">
              批量取消控销
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Table<SaleControlRow>
        rowKey="goods_id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                // Passed on to the checkbox's input (antd's types leave aria attributes out).
                getCheckboxProps: (row) => ({ 'aria-label': `选择${row.name}` }) as CheckboxProps,
              }
            : undefined
        }
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} 个控销商品`,
          onChange: (page, page_size) => setQuery({ ...query, page, page_size }),
        }}
        columns={[
          { title: '编码', dataIndex: 'sku', width: 110 },
          {
            title: '商品',
            render: (_, g) => (
              <span>
                <Link to={`/goods/${g.goods_id}`}>{g.name}</Link>
                <br />
                <small>
                  {g.ypgg} · {g.sccj}
                </small>
              </span>
            ),
          },
          {
            title: '客户类型',
            render: (_, g) =>
              g.customer_types.length ? g.customer_types.map(companyTypeName).join('、') : '不限',
          },
          {
            title: '销售地区',
            render: (_, g) => (g.regions.length ? g.regions.map(regionLabel).join('、') : '不限'),
          },
          {
            title: '更新时间',
            width: 170,
            render: (_, g) => beijingDateTimeText(Date.parse(g.updated_at) / 1000),
          },
          ...(canWrite
            ? [
                {
                  title: '操作',
                  width: 140,
                  render: (_: unknown, g: SaleControlRow) => (
                    <Space>
                      <Button type="link" size="small" onClick={() => edit(g)}>
                        修改
                      </Button>
                      <Popconfirm title={`取消「${g.name}」的控销？`} onConfirm={() => lift([g.goods_id])}>
                        <Button type="link" size="small" danger>
                          取消控销
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
