import type { NewsType } from '@yaocai/domain';
import { Empty, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { useNewsArticle } from '../api/news-article';
import { NewsTabs, newsTypeName } from '../components/NewsTabs';
import { formatDate } from '../format';
import '../content.css';
import { ArticleBody } from '../components/ArticleBody';

/** /news/info/:id/:type: one news article. */
export default function NewsInfoPage() {
  const { id = '', type } = useParams();
  const kind: NewsType = type === 'company' ? 'company' : 'hy';
  const article = useNewsArticle(id);
  return (
    <div className="ct-page">
      <NewsTabs current={kind} />
      <article className="ct-main" data-testid="news-article">
        <Crumbs
          className="ct-crumb"
          items={[
            { title: <Link to="/">首页</Link> },
            { title: <Link to={`/news/${kind}`}>{newsTypeName[kind]}</Link> },
            { title: '正文' },
          ]}
        />
        {article.isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : article.data ? (
          <>
            <h1 className="ct-title">{article.data.title}</h1>
            <div className="ct-meta">
              来源：{article.data.source} &nbsp; 发布时间：{formatDate(article.data.published_at)}
            </div>
            <ArticleBody html={article.data.html} paragraphs={article.data.paragraphs} />
          </>
        ) : (
          <Empty description="该新闻不存在或已下线" />
        )}
      </article>
    </div>
  );
}
