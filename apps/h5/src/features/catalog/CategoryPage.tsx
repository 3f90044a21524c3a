import { HiddenHeading } from '@yaocai/web-client/sr-only';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import SideBar from 'antd-mobile/es/components/side-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCatalogCommon } from './api/catalog';
import { listHref } from './list-params';

/** The category tree: first level on the left, its children and grandchildren on the right. */
export default function CategoryPage() {
  const common = useCatalogCommon();
  const tree = common.data?.category ?? [];
  const [active, setActive] = useState<string>('');
  const current = tree.find((c) => String(c.id) === active) ?? tree[0];
  if (common.isPending) return <DotLoading />;
  return (
    <div className="m-category">
      <HiddenHeading>商品分类</HiddenHeading>
      <header className="m-category__search">
        <Link className="m-home__search" to="/search">
          搜索药品名称、厂家
        </Link>
      </header>
      <div className="m-category__body">
        <SideBar
          activeKey={current ? String(current.id) : ''}
          onChange={setActive}
          className="m-category__side"
        >
          {tree.map((c) => (
            <SideBar.Item key={String(c.id)} title={c.name} />
          ))}
        </SideBar>
        <div className="m-category__main">
          {current ? (
            <>
              <Link className="m-category__all" to={listHref({ category_id: current.id }, current.name)}>
                全部{current.name}
              </Link>
              {current.children.map((child) => (
                <section key={child.id} className="m-category__group">
                  <h2>
                    <Link to={listHref({ category_id: child.id }, child.name)}>{child.name}</Link>
                  </h2>
                  <div className="m-category__leaves">
                    {child.children.map((leaf) => (
                      <Link key={leaf.id} to={listHref({ category_id: leaf.id }, leaf.name)}>
                        {leaf.name}
                      </Link>
                    ))}
                  </div>
                </section>
              ))}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
