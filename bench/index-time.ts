/**
 * In-process time of the catalogue index's answers (issues 34 and 37), per kind of keyword: the
 * index of the bench database is built once, then every bench keyword's list (its ranked first
 * page, and sorted by sales) and suggestions are asked of it directly, without HTTP or the
 * database, and timed (with rounds > 1 the first round only warms up; with 1 each keyword is
 * timed the first time it is asked, as a server meets it). It shows which keywords the index
 * spends its time on, on any machine load (a loaded machine stretches all figures alike).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yaocai_bench npx tsx bench/index-time.ts [rounds]
 */
import { openDatabase } from '../apps/server/src/db/client';
import {
  catalogIndex,
  closeCatalogIndex,
  filterTest,
  listPhrases,
  warmCatalogIndex,
} from '../apps/server/src/modules/catalog/listing/lists';
import { searchKeywords } from './search-keywords';

process.env.CATALOG_INDEX_WAIT = '1';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yaocai_bench';
const rounds = Number(process.argv[2] ?? 3);

const database = await openDatabase({ url });
try {
  await warmCatalogIndex(database.db);
  const index = await catalogIndex(database.db);
  if (!index) throw new Error('no catalogue index');
  const test = filterTest({}) as NonNullable<ReturnType<typeof filterTest>>;
  const byKind = new Map<
    string,
    { n: number; list: number; sorted: number; suggest: number; worst: [number, string] }
  >();
  for (let round = 0; round < rounds; round++)
    for (const { keyword, type, kind } of searchKeywords()) {
      const phrases = listPhrases({ keywords: keyword });
      const ask = (sort: 'default' | 'sales') => {
        const t = performance.now();
        index.list({
          phrases,
          byMaker: type === 1,
          test,
          scope: null,
          sort,
          offset: 0,
          size: 20,
          cap: 2000,
          broadRanked: 60,
        });
        return performance.now() - t;
      };
      const list = ask('default');
      const sorted = ask('sales');
      const t = performance.now();
      index.suggest(phrases, type === 1);
      const suggest = performance.now() - t;
      if (rounds > 1 && round === 0) continue;
      const k = byKind.get(kind) ?? { n: 0, list: 0, sorted: 0, suggest: 0, worst: [0, ''] };
      k.n += 1;
      k.list += list;
      k.sorted += sorted;
      k.suggest += suggest;
      if (list > k.worst[0]) k.worst = [list, keyword];
      byKind.set(kind, k);
    }
  let all = { n: 0, list: 0, sorted: 0, suggest: 0 };
  console.log('kind                    n   list ms  sales ms  suggest ms  worst list');
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].list / b[1].n - a[1].list / a[1].n)) {
    console.log(
      `${kind.padEnd(22)} ${String(k.n).padStart(5)} ${(k.list / k.n).toFixed(3).padStart(8)} ${(k.sorted / k.n).toFixed(3).padStart(9)} ${(k.suggest / k.n).toFixed(3).padStart(11)}  ${k.worst[1]} ${k.worst[0].toFixed(1)} ms`,
    );
    all = {
      n: all.n + k.n,
      list: all.list + k.list,
      sorted: all.sorted + k.sorted,
      suggest: all.suggest + k.suggest,
    };
  }
  console.log(
    `all ${all.n}: list ${(all.list / all.n).toFixed(3)} ms, sorted ${(all.sorted / all.n).toFixed(3)} ms, suggestions ${(all.suggest / all.n).toFixed(3)} ms`,
  );
} finally {
  closeCatalogIndex(database.db);
  await database.close();
}
