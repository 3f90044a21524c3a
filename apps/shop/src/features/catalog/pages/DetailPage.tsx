import { Skeleton } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { FirstDocuments } from '../../../components/FirstDocuments';
import { RxBadge } from '../../../components/goods/RxBadge';
import { TagBadges } from '../../../components/goods/TagBadges';
import { LightTabs } from '../../../components/LightTabs';
import { useUserBase } from '../../../layout/api/user-base';
import { type DetailContext, useGoodsDetail } from '../api/goods-detail';
import { DetailBuyPanel } from '../components/DetailBuyPanel';
import { Gallery } from '../components/Gallery';
import { GoodsFacts } from '../components/GoodsFacts';
import { SpikeOffer } from '../components/SpikeFloor';
import '../../../components/goods/catalog.css';

const contextKeys = ['goods_price_id', 'ladder_price_id', 'goods_manjian_id', 'is_yj', 'is_jxq'] as const;

/** Activity ids from the query string (spec: list_info query), 0 when absent or malformed. */
function readContext(search: URLSearchParams): DetailContext {
  const entries = contextKeys.map((key) => {
    const value = Number(search.get(key) ?? 0);
    return [key, Number.isInteger(value) && value >= 0 ? value : 0];
  });
  return Object.fromEntries(entries) as DetailContext;
}

/** /list/info/:id — the goods detail page. */
export default function DetailPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const context = readContext(search);
  const detail = useGoodsDetail(Number(id), context);
  const { user } = useUserBase(false);
  if (detail.isPending && detail.fetchStatus !== 'idle') {
    return (
      <div className="yc-page">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  const goods = detail.data;
  if (!goods) {
    return (
      <div className="yc-page">
        <div className="sh-page-error">
          <h1>商品不存在或已下架</h1>
          <Link to="/list">去看看其他商品</Link>
        </div>
      </div>
    );
  }
  const category = goods.categories[0];
  const images = goods.gallery.length > 0 ? goods.gallery : [goods.image];
  return (
    <div className="yc-page">
      <Crumbs
        className="yc-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          category
            ? {
                title: (
                  <Link to={`/list/other/${category.id}/${encodeURIComponent(category.name)}`}>
                    {category.name}
                  </Link>
                ),
              }
            : { title: <Link to="/list">药品列表</Link> },
          { title: goods.name },
        ]}
      />
      <div className="yc-detail" data-testid="goods-detail">
        <Gallery images={images} alt={goods.name} />
        <div>
          <h1 style={{ fontSize: 22, margin: 0 }}>
            <RxBadge goods={goods} />
            {goods.name}
          </h1>
          <div style={{ color: '#707070', margin: '4px 0 6px' }}>
            {goods.common_name} {goods.ypgg}
          </div>
          <TagBadges tags={goods.tags} />
          <GoodsFacts goods={goods} />
          {user.is_login && <FirstDocuments goodsId={goods.id} />}
          <SpikeOffer goodsId={goods.id} />
          <DetailBuyPanel key={goods.id} goods={goods} context={context} />
        </div>
      </div>
      <div style={{ background: '#fff', marginTop: 16, padding: '0 20px 20px' }}>
        <LightTabs
          label="商品信息"
          items={[
            {
              key: 'desc',
              label: '商品说明',
              children: (
                <div style={{ whiteSpace: 'pre-line', lineHeight: 1.9 }}>
                  {goods.description || '暂无说明'}
                </div>
              ),
            },
            { key: 'facts', label: '规格参数', children: <GoodsFacts goods={goods} /> },
          ]}
        />
      </div>
    </div>
  );
}
