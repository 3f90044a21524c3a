import type { NewsType } from '@yaocai/domain';
import { Empty, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { LightPager } from '../../../components/LightPager';
import { useNewsList } from '../api/news-list';
import { NewsTabs, newsTypeName } from '../components/NewsTabs';
import { formatDate } from '../format';
import '../content.css';

const PAGE_SIZE = 10;

/** /news/hy and /news/company: paged news lists. */
export default function NewsListPage() {
  const { pathname } = useLocation();
  const type: NewsType = pathname.startsWith('/news/company') ? 'company' : 'hy';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const news = useNewsList(type, page);
  return (
    <div className="ct-page">
      <NewsTabs current={type} />
      <section className="ct-main" data-testid="news-list">
        <Crumbs
          className="ct-crumb"
          items={[{ title: <Link to="/">首页</Link> }, { title: '新闻资讯' }, { title: newsTypeName[type] }]}
        />
        <h1 className="ct-title">{newsTypeName[type]}</h1>
        {news.isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : news.data && news.data.list.length > 0 ? (
          <>
            <ul className="ct-news">
              {news.data.list.map((item) => (
                <li key={item.id}>
                  <div className="ct-news__head">
                    <Link className="ct-news__title" to={`/news/info/${item.id}/${item.type}`}>
                      {item.title}
                    </Link>
                    <span className="ct-news__date">{formatDate(item.published_at)}</span>
                  </div>
                  <p className="ct-news__summary">{item.summary}</p>
                </li>
              ))}
            </ul>
            <div className="ct-pager">
              <LightPager
                current={page}
                pageSize={PAGE_SIZE}
                total={news.data.total}
                onChange={(next) => setParams({ page: String(next) })}
              />
            </div>
          </>
        ) : (
          <Empty description="暂无新闻" />
        )}
      </section>
    </div>
  );
}
