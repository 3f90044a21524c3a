import type { NewsType } from '@yaocai/domain';
import { Link } from 'react-router';

export const newsTypeName: Record<NewsType, string> = { hy: '行业新闻', company: '公司新闻' };

/** Left menu of the news pages: the two news kinds. */
export function NewsTabs({ current }: { current?: NewsType }) {
  return (
    <nav className="ct-side" aria-label="新闻资讯">
      <div className="ct-side__title">新闻资讯</div>
      <dl className="ct-side__group">
        {(Object.keys(newsTypeName) as NewsType[]).map((type) => (
          <dd key={type}>
            <Link to={`/news/${type}`} className={type === current ? 'is-current' : undefined}>
              {newsTypeName[type]}
            </Link>
          </dd>
        ))}
      </dl>
    </nav>
  );
}
