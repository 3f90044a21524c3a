import { Input, Segmented, Space } from 'antd';
import type { ReactNode } from 'react';
import type { PageQuery } from './list-query';

/** A status filter: its statuses then 全部 (the status is undefined for 全部). */
export interface StatusFilter<Q> {
  key: keyof Q & string;
  options: readonly { code: string; name: string }[];
}

/** A keyword search, trimmed, undefined when cleared. */
export interface SearchFilter<Q> {
  key?: keyof Q & string;
  placeholder: string;
  width: number;
}

interface Props<Q extends PageQuery> {
  query: Q;
  onQuery: (query: Q) => void;
  status?: StatusFilter<Q>;
  search?: SearchFilter<Q>;
  /** More filters or buttons after these. */
  children?: ReactNode;
}

/** A list's filters; any change goes back to the first page. */
export function ListFilters<Q extends PageQuery>({ query, onQuery, status, search, children }: Props<Q>) {
  const set = (key: string, value: string | undefined) => onQuery({ ...query, page: 1, [key]: value });
  const searchKey = search?.key ?? 'keyword';
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {status && (
        <Segmented
          value={(query[status.key] as string | undefined) ?? 'all'}
          onChange={(v) => set(status.key, v === 'all' ? undefined : v)}
          options={[
            ...status.options.map((s) => ({ value: s.code, label: s.name })),
            { value: 'all', label: '全部' },
          ]}
        />
      )}
      {search && (
        <Input.Search
          allowClear
          // The address bar's keyword when the page opens (a reload, a shared link).
          defaultValue={(query[searchKey as keyof Q] as string | undefined) ?? ''}
          placeholder={search.placeholder}
          style={{ width: search.width }}
          onSearch={(keyword) => set(searchKey, keyword.trim() || undefined)}
        />
      )}
      {children}
    </Space>
  );
}
