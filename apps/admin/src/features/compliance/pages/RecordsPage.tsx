import { beijingDateTimeText, beijingToday, daysBetween, holdsPermission } from '@yaocai/domain';
import { Alert, Button, Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FirstDocumentsCard } from '../../../components/first-documents/FirstDocumentsCard';
import { useMe } from '../../../lib/me';
import { ephedrineExportHref, gspSalesHref, useEphedrineReport, useTraceCodeFlags } from '../api/records';
import { StockMismatchAlert } from '../components/StockMismatchAlert';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * 质量记录 (orders:read): the GSP sales record of a date range as .xlsx (one row per batch
 * shipped: goods, maker, approval number, batch, dates, buyer, quantity, price), and the trace
 * codes offered again after they had shipped. The records themselves cannot be edited. Above
 * them, for those who may see goods, a warning when any goods' stock disagrees with its batches.
 */
export default function RecordsPage() {
  const today = beijingToday(new Date());
  const [range, setRange] = useState<Range>([dayjs(today).startOf('month'), dayjs(today)]);
  const [page, setPage] = useState(1);
  const permissions = useMe().data?.permissions ?? [];
  const flags = useTraceCodeFlags({ page, page_size: 20 });
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const tooLong = from && to ? daysBetween(from, to) > 366 : false;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="admin-records">
      {holdsPermission(permissions, 'goods:read') && <StockMismatchAlert />}
      <Card title="GSP销售记录">
        <Typography.Paragraph type="secondary">
          按发货日期（北京时间）导出：品名、规格、生产企业、批准文号、批号、生产日期、有效期、购货单位、数量、单价、金额与收货地址，每个发货批次一行。销售与发货记录不可修改或删除。
        </Typography.Paragraph>
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            onChange={(value) => setRange(value)}
            allowClear={false}
            aria-label="发货日期范围"
            data-testid="admin-gsp-range"
          />
          <Button
            type="primary"
            href={from && to && !tooLong ? gspSalesHref(from, to) : undefined}
            disabled={!from || !to || tooLong}
            data-testid="admin-gsp-export"
          >
            导出销售记录（.xlsx）
          </Button>
        </Space>
        {tooLong && <Alert style={{ marginTop: 12 }} type="warning" showIcon message="一次最多导出一年" />}
      </Card>
      <EphedrineCard />
      {holdsPermission(permissions, 'goods:read') && <FirstDocumentsCard permissions={permissions} />}
      <Card title="追溯码重复告警">
        <Table
          rowKey="id"
          size="small"
          loading={flags.isFetching}
          dataSource={flags.data?.list ?? []}
          locale={{ emptyText: '暂无重复追溯码' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: flags.data?.total ?? 0,
            onChange: setPage,
            showTotal: (n) => `共 ${n} 条`,
          }}
          columns={[
            { title: '追溯码', dataIndex: 'code' },
            { title: '本次发货订单', dataIndex: 'order_no' },
            { title: '已随订单发出', dataIndex: 'shipped_order_no' },
            { title: '操作员', dataIndex: 'operator_name', render: (v: string | null) => v ?? '—' },
            { title: '时间', dataIndex: 'created_at', render: (s: number) => beijingDateTimeText(s) },
          ]}
        />
      </Card>
    </Space>
  );
}

/** 含麻药品销售报表: units, orders and amount per buyer company in a date range; .xlsx export. */
function EphedrineCard() {
  const today = beijingToday(new Date());
  const [range, setRange] = useState<Range>([dayjs(today).startOf('month'), dayjs(today)]);
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const tooLong = from && to ? daysBetween(from, to) > 366 : false;
  const report = useEphedrineReport(tooLong ? undefined : from, tooLong ? undefined : to);
  return (
    <Card
      title="含麻药品销售报表"
      extra={
        <Button
          href={from && to && !tooLong ? ephedrineExportHref(from, to) : undefined}
          disabled={!from || !to || tooLong}
          data-testid="admin-ephedrine-export"
        >
          导出（.xlsx）
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => setRange(value)}
          allowClear={false}
          aria-label="下单日期范围"
        />
        {tooLong && <Alert type="warning" showIcon message="一次最多查询一年" />}
        <Table
          rowKey="company_id"
          size="small"
          loading={report.isFetching}
          dataSource={report.data ?? []}
          pagination={false}
          locale={{ emptyText: '该期间无含麻药品销售' }}
          data-testid="admin-ephedrine-report"
          columns={[
            { title: '购货单位', dataIndex: 'company' },
            { title: '订单数', dataIndex: 'orders', width: 90 },
            { title: '数量（件）', dataIndex: 'units', width: 100 },
            { title: '金额', dataIndex: 'amount', width: 110, render: (v: number) => `¥${v.toFixed(2)}` },
            { title: '首次下单', dataIndex: 'first_order_on', width: 120 },
            { title: '最近下单', dataIndex: 'last_order_on', width: 120 },
          ]}
        />
      </Space>
    </Card>
  );
}
