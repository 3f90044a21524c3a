import type { CategoryMenuItem, GoodsListQuery } from '@yaocai/domain';
import { Button } from 'antd';
import '../light-controls.css';
import { useCatalogMenus } from '../../lib/goods/catalog-menus';
import type { ListFilters } from '../../lib/goods/list-params';
import { CategoryRows } from './CategoryRows';
import { Chip } from './Chip';

const TAGS = ['优', '秒', '满', '换购', '赠', '特', '新'];

interface Props {
  filters: ListFilters;
  /** Filters the route fixes (zone, brand, category from the path): their rows are hidden. */
  fixed: Partial<GoodsListQuery>;
  onChange: (changes: Record<string, string | number | undefined>) => void;
  /** Which category menu the category row shows (zones have their own trees). */
  menu?: CategoryMenuKey;
  /** The category the results show (from the URL or the path). */
  category: number | undefined;
  onCategory: (category: CategoryMenuItem | undefined) => void;
}

export type CategoryMenuKey = 'category' | 'category_yx' | 'category_zy' | 'category_qx';

/** 分类 / 品牌 / 厂家 / 标签 rows above the results; every choice goes into the URL. */
export function FilterBar({ filters, fixed, onChange, menu = 'category', category, onCategory }: Props) {
  const menus = useCatalogMenus();
  const categories = menus.data?.[menu] ?? [];
  const brands = (menus.data?.brand ?? []).slice(0, 16);
  return (
    <div className="yc-filters" data-testid="filter-bar">
      {categories.length > 0 && <CategoryRows tree={categories} selected={category} onSelect={onCategory} />}
      {fixed.brand_id === undefined && brands.length > 0 && (
        <div className="yc-filter-row">
          <span className="yc-filter-label">品牌：</span>
          <Chip on={filters.brand_id === undefined} onClick={() => onChange({ brand_id: undefined })}>
            全部
          </Chip>
          {brands.map((b) => (
            <Chip key={b.id} on={filters.brand_id === b.id} onClick={() => onChange({ brand_id: b.id })}>
              {b.name}
            </Chip>
          ))}
        </div>
      )}
      <div className="yc-filter-row">
        <span className="yc-filter-label">生产厂家：</span>
        <form
          key={filters.sccj ?? ''}
          aria-label="按生产厂家筛选"
          className="yc-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get('sccj');
            onChange({ sccj: String(value ?? '').trim() || undefined });
          }}
        >
          <input
            className="yc-input yc-input-small"
            type="search"
            name="sccj"
            aria-label="生产厂家"
            placeholder="输入厂家名称筛选"
            defaultValue={filters.sccj}
            style={{ width: 200 }}
          />
          <Button size="small" type="primary" htmlType="submit">
            筛选
          </Button>
        </form>
      </div>
      <div className="yc-filter-row">
        <span className="yc-filter-label">商品标签：</span>
        <Chip on={filters.tag === undefined} onClick={() => onChange({ tag: undefined })}>
          全部
        </Chip>
        {TAGS.map((tag) => (
          <Chip key={tag} on={filters.tag === tag} onClick={() => onChange({ tag })}>
            {tag}
          </Chip>
        ))}
      </div>
    </div>
  );
}
