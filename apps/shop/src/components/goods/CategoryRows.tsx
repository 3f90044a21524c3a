import type { CategoryMenuItem } from '@yaocai/domain';
import { categoryPath } from '../../lib/goods/category-path';
import { Chip } from './Chip';

interface Props {
  tree: readonly CategoryMenuItem[];
  selected: number | undefined;
  onSelect: (category: CategoryMenuItem | undefined) => void;
}

/** 分类 rows: the top level, then the children of each chosen level (up to three levels). */
export function CategoryRows({ tree, selected, onSelect }: Props) {
  const path = categoryPath(tree, selected);
  const levels: {
    options: readonly CategoryMenuItem[];
    chosen?: CategoryMenuItem;
    parent?: CategoryMenuItem;
  }[] = [{ options: tree, chosen: path[0] }];
  for (let i = 0; i < path.length && path[i].children.length > 0; i++) {
    levels.push({ options: path[i].children, chosen: path[i + 1], parent: path[i] });
  }
  return (
    <>
      {levels.map((level, depth) => (
        <div className="yc-filter-row" key={level.parent?.id ?? 'top'}>
          <span className="yc-filter-label">{depth === 0 ? '分类：' : ''}</span>
          <Chip on={!level.chosen} onClick={() => onSelect(level.parent)}>
            全部
          </Chip>
          {level.options.map((c) => (
            <Chip key={c.id} on={level.chosen?.id === c.id} onClick={() => onSelect(c)}>
              {c.name}
            </Chip>
          ))}
        </div>
      ))}
    </>
  );
}
