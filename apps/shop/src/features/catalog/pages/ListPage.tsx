import { Link, useParams, useSearchParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { GoodsResults } from '../../../components/goods/GoodsResults';
import { listPageFixed } from '../../../lib/goods/list-query';
import { NoResults, SearchNotice } from '../components/SearchHelp';
import '../../../components/goods/catalog.css';

/**
 * /list, /list/table, /list/no_image, /list/other/:id/:name?, /search, /search/table: the same
 * results, the view chosen by the path; /search reads `keywords` and `type` (0 drug, 1 maker).
 */
export default function ListPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const fixed = listPageFixed(params);
  const keywords = search.get('keywords')?.trim();
  const byMaker = search.get('type') === '1';
  const title = keywords
    ? `${byMaker ? '生产厂家' : '药品'}“${keywords}”的搜索结果`
    : (params.name ?? '全部商品');
  return (
    <div className="yc-page">
      <Crumbs
        className="yc-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: keywords ? '搜索结果' : '药品列表' },
          { title },
        ]}
      />
      <h2 style={{ margin: '0 0 12px', fontSize: 18 }} data-testid="list-title">
        {title}
      </h2>
      <GoodsResults
        fixed={fixed}
        categoryInPath={fixed.category_id !== undefined}
        aboveList={keywords ? (data) => <SearchNotice keyword={keywords} data={data} /> : undefined}
        whenEmpty={keywords && !byMaker ? (data) => <NoResults keyword={keywords} data={data} /> : undefined}
      />
    </div>
  );
}
