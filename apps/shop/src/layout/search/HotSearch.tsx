import { Link } from 'react-router';
import { useHeaderCommon } from '../api/header-common';
import { searchUrl } from './search-logic';

/**
 * Hot searches (rnss) under the search box. Its row is kept while they load (and when there are
 * none): the header's search box is centred, and a row arriving later moved it (layout shift).
 */
export function HotSearch() {
  const { data } = useHeaderCommon();
  const items = data?.rnss ?? [];
  if (items.length === 0) return <div className="sh-hot" aria-hidden="true" />;
  return (
    <div className="sh-hot">
      <span className="sh-hot__label">热门搜索：</span>
      {items.map((item) => (
        <Link key={item.name} to={item.url || searchUrl(item.name, 0)}>
          {item.name}
        </Link>
      ))}
    </div>
  );
}
