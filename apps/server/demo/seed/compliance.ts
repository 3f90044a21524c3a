import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { firstDocuments, inspectionReports, orderLineBatches } from '../../src/db/schema';
import { licenceImage } from '../../src/lib/png';
import type { FileStorage } from '../../src/lib/storage';

/**
 * Demo compliance papers: the platform company's 营业执照 and 药品经营许可证 (企业首营资料), and a
 * 药检报告 for every batch a demo order shipped from, so a newcomer downloads them from the
 * demo orders. The pictures are generated; without storage nothing is written.
 */
export async function seedCompliancePapers(tx: Tx, storage?: FileStorage) {
  if (!storage) return;
  const put = async (key: string, seed: number) => {
    const bytes = licenceImage(seed, [155, 28, 28]);
    await storage.put(key, bytes);
    return bytes.length;
  };
  for (const [i, name] of ['营业执照', '药品经营许可证'].entries()) {
    const key = `first-documents/demo-company-${i}.png`;
    await tx
      .insert(firstDocuments)
      .values({ scope: 'company', name, storageKey: key, mime: 'image/png', size: await put(key, 30 + i) });
  }
  const shipped = await tx
    .selectDistinct({ batchId: orderLineBatches.batchId })
    .from(orderLineBatches)
    .orderBy(asc(orderLineBatches.batchId));
  const batchIds = shipped.map((s) => s.batchId);
  if (batchIds.length === 0) return;
  const existing = await tx
    .select({ batchId: inspectionReports.batchId })
    .from(inspectionReports)
    .where(inArray(inspectionReports.batchId, batchIds));
  for (const batchId of batchIds) {
    if (existing.some((e) => e.batchId === batchId)) continue;
    const key = `inspection-reports/demo-${batchId}.png`;
    await tx
      .insert(inspectionReports)
      .values({ batchId, storageKey: key, mime: 'image/png', size: await put(key, 40 + batchId) });
  }
}
