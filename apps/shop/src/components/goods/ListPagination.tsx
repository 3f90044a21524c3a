import { Pagination } from 'antd';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  /** The total stopped counting at its cap: shown as 2000+. */
  capped?: boolean;
  onChange: (page: number, pageSize: number) => void;
}

/**
 * The pager under the results: page size, quick jump and the total. Loaded lazily (GoodsResults).
 * This module is small, so the build merges it into the chunk of antd's Pagination it needs
 * (experimentalMinChunkSize): pages whose antd Table or List brings Pagination list a chunk named
 * `ListPagination-…` in their closure; what they load there is antd's Pagination, not this pager.
 */
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
