import { Table, type TableProps } from 'antd';

interface PageQuery {
  page: number;
  page_size?: number;
}

type Props<Row, Q extends PageQuery> = Omit<TableProps<Row>, 'dataSource' | 'pagination'> & {
  /** The list's query; the table shows its page and asks for another one through `onQuery`. */
  query: Q;
  onQuery: (query: Q) => void;
  /** The server's page of rows and the total they are taken from. */
  data: { list: Row[]; total: number } | undefined;
};

/** A console list read from the server one page at a time (20 rows unless the query says). */
export function PagedTable<Row extends object, Q extends PageQuery>({
  query,
  onQuery,
  data,
  ...table
}: Props<Row, Q>) {
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      {...table}
      dataSource={data?.list ?? []}
      pagination={{
        current: query.page,
        pageSize: query.page_size ?? 20,
        total: data?.total ?? 0,
        onChange: (page) => onQuery({ ...query, page }),
      }}
    />
  );
}
