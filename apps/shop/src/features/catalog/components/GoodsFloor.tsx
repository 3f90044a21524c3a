import type { GoodsSummary } from '@yaocai/domain';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { GoodsCard } from './GoodsCard';

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

/** A home page floor: a titled row of goods cards. */
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
        <Skeleton active />
      ) : (
        <div className="yc-grid">
          {goods?.map((g, i) => (
            <GoodsCard key={g.id} goods={g} lite eager={i < eagerCount} />
          ))}
        </div>
      )}
    </section>
  );
}
