import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import type { CategoryMenuItem } from '@yaocai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MenuVariant } from '../app/route-types';
import { categoryLink, MENU_CATEGORY_LIMIT, menuTree, useHeaderCommon } from './api/header-common';

const variantTitle: Record<MenuVariant, string> = {
  normal: '全部商品分类',
  yx: '优选商品分类',
  zy: '中药饮片分类',
  qx: '医疗器械分类',
};

/** Top-level items with their child flyouts: the first 7 categories (spec 9). */
function MenuList({ items, variant }: { items: CategoryMenuItem[]; variant: MenuVariant }) {
  const [active, setActive] = useState<number | null>(null);
  return (
    <ul className="sh-menu__list" onMouseLeave={() => setActive(null)}>
      {items.slice(0, MENU_CATEGORY_LIMIT).map((item) => (
        <li
          key={item.id}
          className={active === item.id ? 'sh-menu__item is-active' : 'sh-menu__item'}
          onMouseEnter={() => setActive(item.id)}
          data-testid="category-item"
        >
          <Link to={categoryLink(variant, item)} className="sh-menu__name">
            {item.logo ? <img src={item.logo} alt="" width={18} height={18} /> : null}
            <span>{item.name}</span>
            <RightOutlined className="sh-menu__arrow" />
          </Link>
          <div className="sh-menu__sub">
            {item.children.slice(0, 6).map((child) => (
              <span key={child.name} className="sh-menu__subpreview">
                {child.name}
              </span>
            ))}
          </div>
          {active === item.id && item.children.length > 0 && (
            <div className="sh-menu__flyout" data-testid="category-flyout">
              {item.children.map((child) => (
                <dl key={child.id} className="sh-menu__group">
                  <dt>
                    <Link to={categoryLink(variant, child)}>{child.name}</Link>
                  </dt>
                  <dd>
                    {child.children.map((leaf) => (
                      <Link key={leaf.id} to={categoryLink(variant, leaf)}>
                        {leaf.name}
                      </Link>
                    ))}
                  </dd>
                </dl>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The category menu of a route's variant: expanded on home, a hover dropdown elsewhere. */
export function CategoryMenu({ variant, expanded }: { variant: MenuVariant; expanded: boolean }) {
  const { data } = useHeaderCommon();
  const [hover, setHover] = useState(false);
  const items = menuTree(data, variant);
  const open = expanded || hover;
  return (
    <nav
      className={expanded ? 'sh-menu sh-menu--expanded' : 'sh-menu'}
      aria-label="商品分类"
      data-testid="category-menu"
      data-variant={variant}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      <div className="sh-menu__title">
        <AppstoreOutlined /> {variantTitle[variant]}
      </div>
      {open && items.length > 0 && <MenuList items={items} variant={variant} />}
    </nav>
  );
}
