import { useQuery } from '@tanstack/react-query';
import type { FirstDocumentView } from '@yaocai/domain';
import { http } from '../lib/http';

/** GET /api/first-documents (logged-in buyers): the company's papers and a goods' or an order's goods'. */
const fetchFirstDocuments = (q: { goods_id?: number; order_id?: number }) =>
  http.get<FirstDocumentView[]>('/api/first-documents', { params: q, silent: true });

/**
 * 首营资料 downloads: the platform company's papers and the goods' (one goods, or every goods of
 * an order). Nothing is shown until some are uploaded.
 */
export function FirstDocuments({ goodsId, orderId }: { goodsId?: number; orderId?: number }) {
  const { data } = useQuery({
    queryKey: ['first-documents', goodsId ?? null, orderId ?? null],
    queryFn: () => fetchFirstDocuments({ goods_id: goodsId, order_id: orderId }),
    staleTime: 60_000,
  });
  if (!data?.length) return null;
  const company = data.filter((d) => d.scope === 'company');
  const goods = data.filter((d) => d.scope === 'goods');
  const links = (list: FirstDocumentView[]) =>
    list.map((d) => (
      <a
        key={d.id}
        href={`/api/first-documents/${d.id}`}
        download
        style={{ marginRight: 12 }}
        data-testid="first-document"
      >
        {d.name}
      </a>
    ));
  return (
    <div data-testid="first-documents" style={{ margin: '8px 0', lineHeight: 2 }}>
      {company.length > 0 && (
        <div>
          <span style={{ color: '#595959' }}>企业首营资料：</span>
          {links(company)}
        </div>
      )}
      {goods.length > 0 && (
        <div>
          <span style={{ color: '#595959' }}>商品首营资料：</span>
          {links(goods)}
        </div>
      )}
    </div>
  );
}
