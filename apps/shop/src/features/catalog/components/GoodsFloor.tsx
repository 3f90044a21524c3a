import type { GoodsSummary } from '@yaocai/domain';
import { Link } from 'react-router';
import { GoodsCardFace } from '../../../components/goods/GoodsCardFace';

interface Props {
  title: string;
  note?: string;
  more?: string;
  goods: GoodsSummary[] | undefined;
  loading: boolean;
  testId: string;
  /** How many first images load eagerly (above the fold). */
  eagerCount?: number;
}

/** Stand-in cards while a floor loads: one row of the cards' height, so nothing moves when they come. */
function LoadingRow() {
  return (
    <div className="yc-grid" aria-busy="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="yc-card yc-card--loading" />
      ))}
    </div>
  );
}

/** A home page floor: a titled row of lite goods cards (no stepper: the card links to the goods). */
export function GoodsFloor({ title, note, more, goods, loading, testId, eagerCount = 0 }: Props) {
  if (!loading && (!goods || goods.length === 0)) return null;
  return (
    <section className="yc-section" data-testid={testId}>
      <h2 className="yc-section-title">
        {title}
        {note && <small>{note}</small>}
        {more && <Link to={more}>查看更多 &gt;</Link>}
      </h2>
      {loading ? (
        <LoadingRow />
      ) : (
        <div className="yc-grid">
          {goods?.map((g, i) => (
            <GoodsCardFace key={g.id} goods={g} eager={i < eagerCount} />
          ))}
        </div>
      )}
    </section>
  );
}
