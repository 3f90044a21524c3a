import { Empty, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { useHelpArticle } from '../api/help-article';
import { HelpMenu } from '../components/HelpMenu';
import { formatDate } from '../format';
import '../content.css';
import { ArticleBody } from '../components/ArticleBody';

/** Help centre: the category menu and the article of the current path. */
export default function HelpPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const article = useHelpArticle(pathname, params.get('id'));
  return (
    <div className="ct-page">
      <HelpMenu current={pathname} />
      <article className="ct-main" data-testid="help-article">
        <Crumbs
          className="ct-crumb"
          items={[
            { title: <Link to="/">首页</Link> },
            { title: '帮助中心' },
            { title: article.data?.category },
          ]}
        />
        {article.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : article.data ? (
          <>
            <h1 className="ct-title">{article.data.title}</h1>
            <div className="ct-meta">更新时间：{formatDate(article.data.updated_at)}</div>
            <ArticleBody html={article.data.html} paragraphs={article.data.paragraphs} />
          </>
        ) : (
          <Empty description="该帮助文章暂未发布" />
        )}
      </article>
    </div>
  );
}
