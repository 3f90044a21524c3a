import { type GoodsDetail, scopeClassName } from '@yaocai/domain';
import { rxClassLabel } from '../../../lib/goods/goods-view';

/** The regulatory and logistics fields of a goods, two per line. */
export function GoodsFacts({ goods }: { goods: GoodsDetail }) {
  const facts: [string, string][] = [
    ['通用名称', goods.common_name],
    ['生产厂家', goods.sccj],
    ['规格', goods.ypgg],
    ['包装单位', goods.bzdw],
    ['批准文号', goods.approval_no],
    ['剂型', goods.dosage_form || '—'],
    ['处方类别', rxClassLabel[goods.rx_class] ?? '非药品'],
    ['经营类别', scopeClassName(goods.scope_class)],
    ['贮藏条件', goods.storage || '—'],
    ['有效期至', goods.expires_on ?? '—'],
    ['品牌', goods.brand?.name ?? '—'],
    ['中包装', `${goods.step_quantity}${goods.bzdw}（起购${goods.min_quantity}${goods.bzdw}）`],
  ];
  return (
    <dl className="yc-fields" data-testid="goods-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {goods.inspection_report && (
        <div>
          <dt>药检报告</dt>
          <dd>
            <a
              href={`/api/goods/${goods.id}/inspection-report`}
              download
              data-testid="goods-inspection-report"
            >
              批号 {goods.inspection_report.batch_no}（有效期至 {goods.inspection_report.expires_on}）
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}
