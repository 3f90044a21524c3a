import { Table, type TableProps } from 'antd';
import type { PageQuery } from './list-query';

/** A page of rows read from the server, with the query that asked for it. */
export interface PagedSource<Row, Q extends PageQuery> {
  query: Q;
  onQuery: (query: Q) => void;
  /** The server's page of rows and the total they are taken from. */
  data: { list: Row[]; total: number } | undefined;
  loading: boolean;
}

/** Every row at once (a short list: the kinds of promotion, the job kinds). */
export interface WholeSource<Row> {
  rows: readonly Row[] | undefined;
  loading: boolean;
}

export type ListSource<Row, Q extends PageQuery> = PagedSource<Row, Q> | WholeSource<Row>;

type Props<Row, Q extends PageQuery> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading'> & {
  source: ListSource<Row, Q>;
  /** What an empty list says (antd's 暂无数据 unless given). */
  empty?: string;
};

/**
 * The console's table: small rows keyed by id; a paged source shows the server's page and asks
 * for another through its query (20 rows unless the query says), a whole one shows every row.
 */
export function ListTable<Row extends object, Q extends PageQuery = PageQuery>({
  source,
  empty,
  ...table
}: Props<Row, Q>) {
  const paged = 'query' in source;
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      locale={empty ? { emptyText: empty } : undefined}
      {...table}
      loading={source.loading}
      dataSource={paged ? (source.data?.list ?? []) : [...(source.rows ?? [])]}
      pagination={
        paged
          ? {
              current: source.query.page,
              pageSize: source.query.page_size ?? 20,
              total: source.data?.total ?? 0,
              onChange: (page) => source.onQuery({ ...source.query, page }),
            }
          : false
      }
    />
  );
}
