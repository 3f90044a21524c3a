import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

interface Props<Row> {
  title: string;
  testId: string;
  /** The 新建 button's text and test id. */
  newLabel: string;
  newTestId?: string;
  onNew: () => void;
  rows: readonly Row[] | undefined;
  loading: boolean;
  columns: ColumnsType<Row>;
  /** The editor and drawers the list opens. */
  children?: ReactNode;
}

/** A promotion list: its card with the 新建 button, and one unpaged table of what exists. */
export function PromotionList<Row extends object>(props: Props<Row>) {
  return (
    <Card
      title={props.title}
      data-testid={props.testId}
      extra={
        <Button type="primary" onClick={props.onNew} data-testid={props.newTestId}>
          {props.newLabel}
        </Button>
      }
    >
      <Table<Row>
        rowKey="id"
        size="small"
        loading={props.loading}
        dataSource={props.rows ?? []}
        pagination={false}
        columns={props.columns}
      />
      {props.children}
    </Card>
  );
}
