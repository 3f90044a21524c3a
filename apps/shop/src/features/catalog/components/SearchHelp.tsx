import type { GoodsListData, GoodsSearchListData } from '@yaocai/domain';
import { Link } from 'react-router';
import { useHeaderCommon } from '../../../layout/api/header-common';
import { searchUrl } from '../../../layout/search/search-logic';

/** What a list answer may say about its keyword search (GET /api/goods/list). */
type Answer = GoodsListData & Partial<Pick<GoodsSearchListData, 'searched_as' | 'did_you_mean'>>;

/** 已为您搜索“对乙酰氨基酚”，仍搜索“扑热息痛”: an alias search says what it searched. */
export function SearchNotice({ keyword, data }: { keyword: string; data: Answer }) {
  if (!data.searched_as) return null;
  return (
    <div className="yc-search-notice" data-testid="search-notice">
      已为您搜索“<b>{data.searched_as}</b>”，仍搜索“
      <Link to={`${searchUrl(keyword, 0)}&no_alias=1`}>{keyword}</Link>”
    </div>
  );
}

/**
 * Nothing found is not a dead end: the nearest name by pinyin, the hot searches, and an item
 * request (品种求购) already holding the keyword.
 */
export function NoResults({ keyword, data }: { keyword: string; data: Answer }) {
  const { data: common } = useHeaderCommon();
  const hot = common?.rnss ?? [];
  return (
    <div className="yc-no-results" data-testid="no-results">
      <div>抱歉，没有找到与“{keyword}”相关的商品</div>
      <div className="yc-no-results__exits">
        {data.did_you_mean && (
          <div data-testid="did-you-mean">
            您是不是要找：<Link to={searchUrl(data.did_you_mean, 0)}>{data.did_you_mean}</Link>
          </div>
        )}
        {hot.length > 0 && (
          <div className="yc-no-results__hot" data-testid="no-results-hot">
            大家都在搜：
            {hot.map((item) => (
              <Link key={item.name} to={item.url || searchUrl(item.name, 0)}>
                {item.name}
              </Link>
            ))}
          </div>
        )}
        <div>
          找不到想要的药品？
          <Link to={`/pzqg/add?name=${encodeURIComponent(keyword)}`} data-testid="no-results-request">
            登记品种求购
          </Link>
          ，我们为您寻找货源
        </div>
      </div>
    </div>
  );
}
