import type { MatchRanges } from '@yaocai/domain';
import { highlightSegments } from '../lib/highlight';

/** A name with the parts a search matched in <mark> (plain text when there are none). */
export function Highlighted({ text, ranges }: { text: string; ranges?: MatchRanges }) {
  if (!ranges?.length) return <>{text}</>;
  return (
    <>
      {highlightSegments(text, ranges).map((s, i) =>
        s.marked ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}
