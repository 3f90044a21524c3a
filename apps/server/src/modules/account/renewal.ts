import { beijingToday, type qualificationInput, qualificationKindName } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { files, qualifications } from '../../db/schema/account';
import type { BuyerCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { licenceColumns } from './licences';

// A licence renewal (资质证件 /zzzj): the store uploads the new document; it waits in 质管's
// review queue as a pending document of the company, and replaces the old one of its kind
// once approved (review.ts). Until then the old licence goes on counting.

export async function submitRenewal(ctx: BuyerCtx, input: z.output<typeof qualificationInput>) {
  const { db, now } = ctx;
  const { userId, companyId } = ctx.actor;
  if (!input.long_term && input.expires_on && input.expires_on <= beijingToday(now))
    throw fieldError('expires_on', '新证件的有效期须晚于今天');
  return db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, input.file_id), eq(files.ownerUserId, userId)));
    if (!file) throw fieldError('file_id', '证件文件不存在，请重新上传');
    // One waiting renewal per kind: a second would race the first in the queue.
    const [waiting] = await tx
      .select({ id: qualifications.id })
      .from(qualifications)
      .where(
        and(
          eq(qualifications.companyId, companyId),
          eq(qualifications.kind, input.kind),
          eq(qualifications.status, 'pending'),
        ),
      )
      .for('update');
    if (waiting)
      throw fieldError('kind', `${qualificationKindName(input.kind)}已有待审核的新证件，请等待审核`);
    const [used] = await tx
      .select({ id: qualifications.id })
      .from(qualifications)
      .where(eq(qualifications.fileId, file.id));
    if (used) throw fieldError('file_id', '该文件已提交过，请重新上传');
    const [row] = await tx
      .insert(qualifications)
      .values({
        companyId,
        ...licenceColumns(input),
        fileId: file.id,
        status: 'pending',
      })
      .returning({ id: qualifications.id });
    return { id: row.id };
  });
}
