import { AppstoreOutlined, BarsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { GoodsListQuery } from '@yaocai/domain';
import { Button, Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { ListFilters } from '../lib/list-params';
import { currentView, LIST_VIEWS, type ListView, viewHref } from '../lib/list-view';

const sorts: { value: GoodsListQuery['sort']; label: string }[] = [
  { value: 'default', label: '综合' },
  { value: 'sales', label: '销量' },
  { value: 'price_asc', label: '价格↑' },
  { value: 'price_desc', label: '价格↓' },
  { value: 'newest', label: '最新' },
  { value: 'expiry_desc', label: '效期远' },
  { value: 'expiry_asc', label: '效期近' },
];

/** 效期: goods with at least this much shelf life left. */
const shelfOptions = [
  { value: 0, label: '效期不限' },
  { value: 6, label: '效期6个月以上' },
  { value: 12, label: '效期12个月以上' },
  { value: 24, label: '效期24个月以上' },
];

const viewIcons: Record<ListView, ReactNode> = {
  card: <AppstoreOutlined />,
  table: <BarsOutlined />,
  text: <UnorderedListOutlined />,
};

interface Props {
  filters: ListFilters;
  total: number;
  /** The total stopped counting at its cap: shown as 2000+. */
  capped?: boolean;
  onChange: (changes: Record<string, string | number | undefined>) => void;
}

/** Sort, in-stock, price range and the card/table/text view switch. */
export function ListToolbar({ filters, total, capped, onChange }: Props) {
  const location = useLocation();
  const [search] = useSearchParams();
  const view = currentView(location.pathname, search);
  const [min, setMin] = useState<number | null>(filters.min_price ?? null);
  const [max, setMax] = useState<number | null>(filters.max_price ?? null);
  return (
    <div className="yc-toolbar">
      <Radio.Group
        size="small"
        optionType="button"
        value={filters.sort ?? 'default'}
        options={sorts}
        onChange={(e) => onChange({ sort: e.target.value })}
      />
      <Space size={4}>
        <InputNumber
          size="small"
          min={0}
          placeholder="¥最低"
          value={min}
          onChange={setMin}
          style={{ width: 72 }}
        />
        -
        <InputNumber
          size="small"
          min={0}
          placeholder="¥最高"
          value={max}
          onChange={setMax}
          style={{ width: 72 }}
        />
        <Button
          size="small"
          onClick={() => onChange({ min_price: min ?? undefined, max_price: max ?? undefined })}
        >
          确定
        </Button>
      </Space>
      <Select
        size="small"
        aria-label="效期"
        value={filters.shelf_months ?? 0}
        options={shelfOptions}
        onChange={(months: number) => onChange({ shelf_months: months || undefined })}
        style={{ width: 136 }}
        data-testid="list-shelf-months"
      />
      <Checkbox
        checked={filters.in_stock === 1}
        onChange={(e) => onChange({ in_stock: e.target.checked ? 1 : undefined })}
      >
        仅看有货
      </Checkbox>
      <span className="yc-spacer" />
      <span className="yc-muted">
        共{' '}
        <b style={{ color: '#c62828' }}>
          {total}
          {capped ? '+' : ''}
        </b>{' '}
        件商品
      </span>
      <Space.Compact size="small">
        {LIST_VIEWS.map((v) => (
          <Link key={v.view} to={viewHref(location.pathname, search, v.view)} data-testid={`view-${v.view}`}>
            <Button size="small" type={view === v.view ? 'primary' : 'default'} icon={viewIcons[v.view]}>
              {v.label}
            </Button>
          </Link>
        ))}
      </Space.Compact>
    </div>
  );
}
