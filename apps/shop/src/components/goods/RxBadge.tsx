import type { GoodsSummary } from '@yaocai/domain';
import { rxClassLabel } from '../../lib/goods/goods-view';

/** Prescription class (Rx / OTC甲 / OTC乙) and the 含麻 flag before a goods name. */
export function RxBadge({ goods }: { goods: Pick<GoodsSummary, 'rx_class' | 'ephedrine'> }) {
  const label = rxClassLabel[goods.rx_class];
  return (
    <>
      {label && (
        <span className={`yc-rx ${goods.rx_class === 'rx' ? 'yc-rx-rx' : 'yc-rx-otc'}`}>{label}</span>
      )}
      {goods.ephedrine && (
        <span className="yc-rx yc-rx-rx" title="含麻黄碱类复方制剂，限量购买">
          含麻
        </span>
      )}
    </>
  );
}
