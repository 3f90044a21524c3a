import type { MatchRanges } from '@yaocai/domain';

export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * A text cut at its matched ranges ([start, end) in UTF-16 offsets, as the server sends them):
 * ranges are clamped to the text, sorted and merged, so a bad or overlapping range never repeats
 * or loses a character. No ranges: the text whole, unmarked.
 */
export function highlightSegments(text: string, ranges: MatchRanges | undefined): Segment[] {
  const clean = (ranges ?? [])
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of clean) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) segments.push({ text: text.slice(at, from), marked: false });
    const last = segments[segments.length - 1];
    if (last?.marked && from === at) last.text += text.slice(from, end);
    else segments.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
