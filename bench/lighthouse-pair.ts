/**
 * One page's Lighthouse performance on two servers, alternating, so a change is judged against
 * its before on the same (possibly busy) machine: performance, LCP, TBT, FCP and where the LCP's
 * time went, each run, and the medians.
 *   npx tsx bench/lighthouse-pair.ts <beforeUrl> <afterUrl> [path=/list] [mobile|desktop] [runs=3]
 * A visitor (no cookie). Each base URL is a running shop (`npm start` on its own port).
 */
import { audit, launchChromium } from './lighthouse-audit';

const [before, after, path = '/list', preset = 'mobile', runsArg = '3'] = process.argv.slice(2);
if (!before || !after)
  throw new Error('usage: lighthouse-pair.ts <beforeUrl> <afterUrl> [path] [preset] [runs]');
const runs = Number(runsArg);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const chrome = await launchChromium();
const results: Record<string, { perf: number[]; lcp: number[]; tbt: number[] }> = {
  before: { perf: [], lcp: [], tbt: [] },
  after: { perf: [], lcp: [], tbt: [] },
};
try {
  for (let run = 1; run <= runs; run++)
    for (const [label, base] of [
      ['before', before],
      ['after', after],
    ] as const) {
      const a = await audit(chrome.port, base + path, {
        preset: preset === 'desktop' ? 'desktop' : 'mobile',
        cookie: '',
        accessibility: false,
      });
      results[label].perf.push(a.performance);
      results[label].lcp.push(a.lcp);
      results[label].tbt.push(a.tbt);
      console.log(
        `${run} ${label.padEnd(6)} perf ${a.performance.toFixed(2)}  LCP ${a.lcp.toFixed(0)} ms  TBT ${a.tbt.toFixed(0)} ms  JS ${a.jsKb.toFixed(1)} KB  ${a.lcpWhy}`,
      );
    }
} finally {
  chrome.kill();
}
for (const [label, r] of Object.entries(results))
  console.log(
    `median ${label.padEnd(6)} perf ${median(r.perf).toFixed(2)}  LCP ${median(r.lcp).toFixed(0)} ms  TBT ${median(r.tbt).toFixed(0)} ms`,
  );
