import { AppstoreOutlined, BarsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { GoodsListQuery } from '@yaocai/domain';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import '../light-controls.css';
import type { ListFilters } from '../../lib/goods/list-params';
import { currentView, LIST_VIEWS, type ListView, viewHref } from '../../lib/goods/list-view';
import { Chip } from './Chip';

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

/** A price bound typed in yuan (empty: no bound). */
function PriceBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <input
      className="yc-input yc-input-small"
      type="number"
      min={0}
      step="any"
      aria-label={label}
      placeholder={`¥${label.slice(-2)}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={{ width: 72 }}
    />
  );
}

const yuanOrUndefined = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * Sort, in-stock, price range and the card/table/text view switch: native controls (chips, a
 * select, a checkbox, number boxes), so the list's first load does without antd's form controls.
 */
export function ListToolbar({ filters, total, capped, onChange }: Props) {
  const location = useLocation();
  const [search] = useSearchParams();
  const view = currentView(location.pathname, search);
  const [min, setMin] = useState(filters.min_price?.toString() ?? '');
  const [max, setMax] = useState(filters.max_price?.toString() ?? '');
  const sort = filters.sort ?? 'default';
  return (
    <div className="yc-toolbar">
      <fieldset className="yc-plain-group" aria-label="排序">
        {sorts.map((s) => (
          <Chip key={s.value} on={sort === s.value} onClick={() => onChange({ sort: s.value })}>
            {s.label}
          </Chip>
        ))}
      </fieldset>
      <Space size={4}>
        <PriceBox label="价格最低" value={min} onChange={setMin} />
        -
        <PriceBox label="价格最高" value={max} onChange={setMax} />
        <Button
          size="small"
          onClick={() => onChange({ min_price: yuanOrUndefined(min), max_price: yuanOrUndefined(max) })}
        >
          确定
        </Button>
      </Space>
      <select
        className="yc-input yc-input-small"
        aria-label="效期"
        value={filters.shelf_months ?? 0}
        onChange={(e) => onChange({ shelf_months: Number(e.target.value) || undefined })}
        style={{ width: 136 }}
        data-testid="list-shelf-months"
      >
        {shelfOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label className="yc-check">
        <input
          type="checkbox"
          checked={filters.in_stock === 1}
          onChange={(e) => onChange({ in_stock: e.target.checked ? 1 : undefined })}
        />
        仅看有货
      </label>
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
