import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { ListPage } from '../../../components/list-page';

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

/** A promotion list: the console's list page with the 新建 button, and every row unpaged. */
export function PromotionList<Row extends object>(props: Props<Row>) {
  return (
    <ListPage<Row>
      title={props.title}
      testId={props.testId}
      extra={
        <Button type="primary" onClick={props.onNew} data-testid={props.newTestId}>
          {props.newLabel}
        </Button>
      }
      source={{ rows: props.rows, loading: props.loading }}
      columns={props.columns}
    >
      {props.children}
    </ListPage>
  );
}
