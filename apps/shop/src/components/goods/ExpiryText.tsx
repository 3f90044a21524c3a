import type { GoodsSummary } from '@yaocai/domain';

/** The shown expiry (earliest batch in stock), marked 近效期 when little shelf life is left. */
export function ExpiryText({ goods }: { goods: Pick<GoodsSummary, 'expires_on' | 'near_expiry'> }) {
  return (
    <>
      {goods.expires_on ?? '—'}
      {goods.near_expiry && (
        <span className="yc-near-expiry" title="剩余效期较短，请按需采购" data-testid="near-expiry">
          近效期
        </span>
      )}
    </>
  );
}
