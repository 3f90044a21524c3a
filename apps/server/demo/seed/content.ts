import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import {
  ads,
  helpArticles,
  helpCategories,
  hotSearches,
  navItems,
  news,
  siteLinks,
} from '../../src/db/schema';
import { adSeed, helpSeed, hotSearchSeed, linkSeed, navSeed, newsSeed } from './content-data';

/** Nav, hot searches, ads (drawn SVGs), friendly links, help articles and news. */
export async function seedContent(tx: Tx, at: Date) {
  for (const [i, item] of navSeed.entries()) {
    const [parent] = await tx
      .insert(navItems)
      .values({ name: item.name, url: item.url, isOpen: item.isOpen ?? 0, sort: i })
      .returning({ id: navItems.id });
    if (item.children?.length) {
      await tx
        .insert(navItems)
        .values(item.children.map((c, j) => ({ parentId: parent.id, name: c.name, url: c.url, sort: j })));
    }
  }
  await tx.insert(hotSearches).values(
    hotSearchSeed.map((name, i) => ({
      name,
      url: `/search?keywords=${encodeURIComponent(name)}`,
      sort: i,
    })),
  );
  await tx.insert(ads).values(adSeed.map((a, i) => ({ ...a, image: '', sort: i })));
  await tx.update(ads).set({ image: sql`'/media/ads/' || ${ads.id} || '.svg'` });
  await tx.insert(siteLinks).values(linkSeed.map((l, i) => ({ ...l, sort: i })));
  for (const [i, category] of helpSeed.entries()) {
    const [row] = await tx
      .insert(helpCategories)
      .values({ name: category.name, groupId: 3, sort: i })
      .returning({ id: helpCategories.id });
    await tx
      .insert(helpArticles)
      .values(category.articles.map((a, j) => ({ ...a, categoryId: row.id, sort: j })));
  }
  const now = at.getTime();
  await tx.insert(news).values(
    newsSeed.map((n) => ({
      type: n.type,
      title: n.title,
      source: n.source,
      summary: n.paragraphs[0].slice(0, 80),
      paragraphs: n.paragraphs,
      publishedAt: new Date(now - n.daysAgo * 24 * 3600 * 1000),
    })),
  );
}
