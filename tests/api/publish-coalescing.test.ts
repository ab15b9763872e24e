import { beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest, recordPublishRequest } from '../../functions/_shared/services/publishing.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Writes fold into the one waiting publish request. A rating change (content: false) waits for
// the next publish on its own, but it never turns a waiting content write into a rating-only
// request: once any write changed content, the request publishes.

describe.skipIf(!databaseAvailable)(`publish requests fold writes on ${engine}`, () => {
  const db = useTestDatabase();
  const recipe = { id: 1, slug: 'soup', category: 'soups' };

  beforeEach(async () => {
    await db().deleteFrom('publish_requests').execute();
  });

  it.each<[string, boolean[], boolean]>([
    ['a content write, then a rating change: content to publish', [true, false], true],
    ['a rating change, then a content write: content to publish', [false, true], true],
    ['two rating changes: ratings only', [false, false], false],
    ['two content writes: content to publish', [true, true], true],
  ])('%s', async (_name, writes, content) => {
    for (const [i, isContent] of writes.entries())
      await recordPublishRequest(
        db(),
        { reason: `Write ${i + 1}`, recipes: [recipe] },
        { content: isContent },
      );
    const pending = await pendingRequest(db());
    expect(pending).toMatchObject({
      content,
      scope: { writes: writes.length, reasons: ['Write 1', 'Write 2'] },
    });
  });
});
