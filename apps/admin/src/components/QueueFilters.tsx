import { Input, Segmented, Space } from 'antd';

interface Props<S extends string> {
  /** The status shown, undefined for 全部. */
  status: S | undefined;
  statuses: readonly { code: S; name: string }[];
  onStatus: (status: S | undefined) => void;
  placeholder: string;
  searchWidth: number;
  /** The trimmed keyword, undefined when cleared. */
  onSearch: (keyword: string | undefined) => void;
}

/** A work queue's filters: its statuses then 全部, and a keyword search. */
export function QueueFilters<S extends string>(props: Props<S>) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Segmented
        value={props.status ?? 'all'}
        onChange={(v) => props.onStatus(v === 'all' ? undefined : (v as S))}
        options={[
          ...props.statuses.map((s) => ({ value: s.code, label: s.name })),
          { value: 'all', label: '全部' },
        ]}
      />
      <Input.Search
        allowClear
        placeholder={props.placeholder}
        style={{ width: props.searchWidth }}
        onSearch={(keyword) => props.onSearch(keyword.trim() || undefined)}
      />
    </Space>
  );
}
