import { Link } from 'react-router';
import { useHelpCategories } from '../../../layout/api/site';

/** Left menu of the help centre: every help category with all its articles. */
export function HelpMenu({ current }: { current: string }) {
  const { data } = useHelpCategories();
  return (
    <nav className="ct-side" aria-label="帮助中心">
      <div className="ct-side__title">帮助中心</div>
      {(data ?? []).map((category) => (
        <dl key={category.id} className="ct-side__group">
          <dt>{category.name}</dt>
          {category.children.map((child) => (
            <dd key={child.id}>
              <Link
                to={child.url}
                className={child.url === current ? 'is-current' : undefined}
                aria-current={child.url === current ? 'page' : undefined}
              >
                {child.name}
              </Link>
            </dd>
          ))}
        </dl>
      ))}
    </nav>
  );
}
