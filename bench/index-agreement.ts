/**
 * Whether the catalogue index (modules/catalog/listing) answers the goods lists and suggestions
 * as the lists' own statements do: the same distinct requests (bench/catalog-distinct.ts filter
 * and keyword lists, bench/search-keywords.ts keywords and suggestions) asked of two servers on
 * one database, CATALOG_INDEX=1 and CATALOG_INDEX=0, result caches off; prints each request
 * whose ids or total differ.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yaocai_bench npx tsx bench/index-agreement.ts [N]
 */
import { distinctJobs, type Job } from './catalog-distinct';
import { keywordListJobs, suggestionJobs } from './search-keywords';
import { startServer } from './server';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yaocai_bench';
const count = Number(process.argv[2] ?? 1_000);
process.env.CATALOG_CACHE_TTL_MS = '0';

process.env.CATALOG_INDEX = '1';
const withIndex = await startServer(url, 3451);
process.env.CATALOG_INDEX = '0';
const withStatements = await startServer(url, 3452);

interface Answer {
  data: { list?: { id: number }[]; total?: number; total_capped?: boolean } | string[];
}

function shape(answer: Answer): string {
  const data = answer.data;
  if (Array.isArray(data)) return JSON.stringify(data);
  return JSON.stringify({
    ids: data.list?.map((g) => g.id),
    total: data.total,
    capped: data.total_capped ?? false,
  });
}

async function ask(base: string, job: Job): Promise<string> {
  const response = await fetch(`${base}${job.path}`, { headers: job.cookie ? { cookie: job.cookie } : {} });
  const answer = (await response.json()) as Answer & { message?: string };
  if (!response.ok || answer.data === null) return `${response.status} ${answer.message}`;
  return shape(answer);
}

try {
  const groups: [string, Job[]][] = [
    ['filters', (await distinctJobs.filters(withIndex.base)).slice(0, count)],
    ['buyers', (await distinctJobs.buyers(withIndex.base)).slice(0, count)],
    ['keywords', keywordListJobs().slice(0, count)],
    ['suggestions', suggestionJobs().slice(0, count)],
  ];
  for (const [name, jobs] of groups) {
    let differ = 0;
    for (const job of jobs) {
      const [a, b] = await Promise.all([ask(withIndex.base, job), ask(withStatements.base, job)]);
      if (a !== b) {
        differ += 1;
        if (differ <= 8) console.log(`${name} ${job.path}\n  index:      ${a}\n  statements: ${b}`);
      }
    }
    console.log(`${name}: ${differ} of ${jobs.length} differ`);
  }
} finally {
  await withIndex.stop();
  await withStatements.stop();
}
