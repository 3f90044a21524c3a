import { Link } from 'react-router';
import '../../../components/goods/catalog.css';

const rules = [
  ['什么是优选包邮', '带「优」标识的商品为平台精选的优选商品，由平台自营仓发货，品质与时效均有保障。'],
  [
    '包邮条件',
    '单个优选商品的采购数量达到该商品标注的包邮数量（如“满10盒包邮”）即可享受包邮；未达到时，与其他商品合并计算订单运费。',
  ],
  ['与其他优惠', '优选包邮可与满减、优惠券同时使用；包邮门槛按优惠前的商品数量计算。'],
  ['配送与售后', '优选商品一般在付款后 24 小时内出库，售后与退换货规则同平台其他商品。'],
  ['规则解释', '活动最终解释权归药采平台所有，如有疑问请联系您的专属客服。'],
];

/** /yx/rule: the 优选包邮 rules, a bare page (no header, footer or side bar). */
export default function YxRulePage() {
  return (
    <div style={{ maxWidth: 760, margin: '0 auto', padding: '32px 24px' }}>
      <div
        className="yc-banner"
        style={{ background: 'linear-gradient(110deg,#0a7c4e,#36c48a)', height: 120 }}
      >
        <h1>优选包邮规则</h1>
        <p>精选优品 · 满额包邮 · 品质保障</p>
      </div>
      <ol style={{ padding: '8px 0 0 20px', lineHeight: 1.9 }}>
        {rules.map(([title, text]) => (
          <li key={title} style={{ marginTop: 16 }}>
            <h2 style={{ margin: 0, fontSize: 16 }}>{title}</h2>
            <p style={{ margin: 0, color: '#555' }}>{text}</p>
          </li>
        ))}
      </ol>
      <p style={{ textAlign: 'center', marginTop: 32 }}>
        <Link to="/yx">去优选专区逛逛 &gt;</Link>
      </p>
    </div>
  );
}
