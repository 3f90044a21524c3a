import { Pagination } from 'antd';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  /** The total stopped counting at its cap: shown as 2000+. */
  capped?: boolean;
  onChange: (page: number, pageSize: number) => void;
}

/** The pager under the results: page size, quick jump and the total. */
export default function ListPagination({ current, pageSize, total, capped, onChange }: Props) {
  return (
    <Pagination
      style={{ textAlign: 'center', justifyContent: 'center' }}
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      pageSizeOptions={[20, 30, 60, 100]}
      showQuickJumper
      showTotal={(all) => `共 ${all}${capped ? '+' : ''} 件`}
      onChange={onChange}
    />
  );
}
