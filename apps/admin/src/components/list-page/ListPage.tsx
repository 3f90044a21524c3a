import { Card } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { ReactNode } from 'react';
import { ListFilters, type SearchFilter, type StatusFilter } from './ListFilters';
import { type ListSource, ListTable } from './ListTable';
import type { PageQuery } from './list-query';

interface Props<Row, Q extends PageQuery> {
  title: ReactNode;
  /** The card's test id (admin-invoices ...). */
  testId: string;
  /** The card's corner: 新建 and the like. */
  extra?: ReactNode;
  source: ListSource<Row, Q>;
  /** A paged source's status filter and keyword search. */
  status?: StatusFilter<Q>;
  search?: SearchFilter<Q>;
  /** More filters after those, or, on a whole list, what stands above the table. */
  toolbar?: ReactNode;
  columns: ColumnsType<Row>;
  table?: Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading' | 'columns'>;
  empty?: string;
  /** The dialogs and drawers the list opens. */
  children?: ReactNode;
}

/**
 * A console list page (发票管理, 品种求购, 意见反馈, 抽奖活动, 积分商城 ...): its card, the filters
 * (status, keyword, more), the table of the server's page or of every row, and its dialogs.
 * Pages describe their columns, filters and forms; the query lives in the address bar
 * (`useListQuery`), a form in `useModalForm`, a row's action in `useRowAction`.
 */
export function ListPage<Row extends object, Q extends PageQuery = PageQuery>(props: Props<Row, Q>) {
  const { source } = props;
  const filtered = 'query' in source && (props.status || props.search);
  return (
    <Card title={props.title} data-testid={props.testId} extra={props.extra}>
      {filtered ? (
        <ListFilters
          query={source.query}
          onQuery={source.onQuery}
          status={props.status}
          search={props.search}
        >
          {props.toolbar}
        </ListFilters>
      ) : (
        props.toolbar
      )}
      <ListTable<Row, Q> {...props.table} source={source} columns={props.columns} empty={props.empty} />
      {props.children}
    </Card>
  );
}
