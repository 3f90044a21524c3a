import { Card } from '../../../components/Card';
import { LightTabs } from '../../../components/LightTabs';
import { FastBuyHistory } from '../components/FastBuyHistory';
import { QuickOrder } from '../components/QuickOrder';

/** /kjcg 快捷采购: buy again from the store's history, or order by a list. */
export default function QuickBuyPage() {
  return (
    <Card className="sh-container sh-page" title="快捷采购" data-testid="quick-buy-page">
      <LightTabs
        className="sh-tabs--line"
        label="快捷采购方式"
        keepVisited
        items={[
          { key: 'history', label: '常购清单', children: <FastBuyHistory /> },
          { key: 'quick', label: '快速下单', children: <QuickOrder /> },
        ]}
      />
    </Card>
  );
}
