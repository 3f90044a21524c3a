import { Select } from 'antd';
import { useState } from 'react';
import { usePromotionOptions } from '../api/promotion';

interface Props {
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  multiple?: boolean;
  /** Names of goods already chosen (shown before a search finds them). */
  known?: { id: number; name: string }[];
  id?: string;
  'aria-label'?: string;
}

/** A goods picker: type a name (or pinyin initials) and pick from the matches. */
export function GoodsSelect({ value, onChange, multiple, known = [], id, ...rest }: Props) {
  const [q, setQ] = useState('');
  const { data, isFetching } = usePromotionOptions(q);
  const options = [
    ...known.map((g) => ({ value: g.id, label: g.name })),
    ...(data?.goods ?? [])
      .filter((g) => !known.some((k) => k.id === g.id))
      .map((g) => ({ value: g.id, label: `${g.name} ${g.spec}` })),
  ];
  return (
    <Select
      id={id}
      aria-label={rest['aria-label'] ?? '商品'}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      filterOption={false}
      onSearch={setQ}
      loading={isFetching}
      value={value}
      onChange={onChange}
      options={options}
      placeholder="输入商品名称搜索"
      style={{ minWidth: 260 }}
      data-testid="goods-select"
    />
  );
}
