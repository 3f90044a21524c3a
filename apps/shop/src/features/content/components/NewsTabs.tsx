import type { NewsType } from '@yaocai/domain';
import { Link } from 'react-router';

export const newsTypeName: Record<NewsType, string> = { hy: '行业新闻', company: '公司新闻' };

/** Left menu of the news pages: the two news kinds. */
export function NewsTabs({ current }: { current?: NewsType }) {
  return (
    <nav className="ct-side" aria-label="新闻资讯">
      <div className="ct-side__title">新闻资讯</div>
      {/* A list, not a dl: there is no term for these entries (axe: definition-list). */}
      <ul className="ct-side__group">
        {(Object.keys(newsTypeName) as NewsType[]).map((type) => (
          <li key={type}>
            <Link
              to={`/news/${type}`}
              className={type === current ? 'is-current' : undefined}
              aria-current={type === current ? 'page' : undefined}
            >
              {newsTypeName[type]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
