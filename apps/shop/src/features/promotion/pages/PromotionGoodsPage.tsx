import { Link } from 'react-router';
import { Crumbs } from '../../../components/Crumbs';
import { GoodsResults } from '../../../components/goods/GoodsResults';
import '../../../components/goods/catalog.css';

const fixed = { on_promotion: 1 };

/** /yyh/list 优医汇: the goods on a live promotion, with the catalogue's filters (满 秒 特 ...). */
export default function PromotionGoodsPage() {
  return (
    <div className="yc-page">
      <Crumbs
        className="yc-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/yyh">优医汇</Link> },
          { title: '活动商品' },
        ]}
      />
      <h2 style={{ margin: '0 0 12px', fontSize: 18 }} data-testid="list-title">
        优医汇 · 活动商品
      </h2>
      <GoodsResults fixed={fixed} />
    </div>
  );
}
