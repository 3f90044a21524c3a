import { Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { GoodsResults } from '../../../components/goods/GoodsResults';
import { useBrandPage } from '../api/brand-page';
import '../../../components/goods/catalog.css';

/** /ppzq/info/:id/:page? — the brand's story and its goods (page in the path). */
export default function BrandDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const page = Math.max(1, Number.parseInt(params.page ?? '1', 10) || 1);
  const brand = useBrandPage(id);
  const story = brand.data?.brand;
  return (
    <div className="yc-page">
      <Crumbs
        className="yc-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/ppzq">品牌专区</Link> },
          { title: story?.name ?? '品牌详情' },
        ]}
      />
      {brand.isPending ? (
        <Skeleton active />
      ) : (
        story && (
          <section
            data-testid="brand-story"
            style={{
              display: 'grid',
              gridTemplateColumns: '220px 1fr',
              gap: 24,
              background: 'linear-gradient(110deg,#fff7e6,#fff)',
              padding: 24,
              border: '1px solid #ffe7ba',
            }}
          >
            <div className="yc-brand-tile" style={{ height: 140 }}>
              {story.logo ? (
                <img src={story.logo} alt={story.name} />
              ) : (
                <span className="yc-brand-logo">{story.name}</span>
              )}
              <span className="yc-muted">{story.goods_count} 个商品</span>
            </div>
            <div>
              <h1 style={{ margin: 0, fontSize: 24 }}>{story.name}</h1>
              <div className="yc-muted" style={{ margin: '6px 0' }}>
                生产厂家：{story.manufacturer}
              </div>
              <p style={{ margin: '8px 0 0', color: '#555', lineHeight: 1.8 }}>{story.story}</p>
            </div>
          </section>
        )
      )}
      <h2 className="yc-section-title" style={{ margin: '20px 0 12px' }}>
        品牌商品
      </h2>
      <GoodsResults
        fixed={{ brand_id: id }}
        hideFilters
        pathPage={{ page, go: (next) => navigate(`/ppzq/info/${id}${next > 1 ? `/${next}` : ''}`) }}
      />
    </div>
  );
}
