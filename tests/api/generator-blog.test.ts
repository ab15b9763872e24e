// The AI generator writing blog posts, one at a time and in bulk.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { db, fake, api, waitForJob } = useGeneratorSuite();

  describe('blog', () => {
    it('writes a Markdown draft in the asked length and tone', async () => {
      const res = await api('POST', '/api/generator/ai-blog', {
        body: {
          prompt: 'knife skills',
          tone: 'educational',
          length: 'short',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Knife Skills', isPublished: false });
      const post = await db()
        .selectFrom('blog_posts')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(post.is_published).toBe(false);
      expect(post.content).toContain('## ');
      expect(post.excerpt.length).toBeGreaterThan(5);
      const system = fake.calls[0]!.body.messages![0]!.content;
      expect(system).toContain('between 500 and 800 words');
      expect(system).toContain('educational');
    });

    it('refuses a post outside the length range after one retry', async () => {
      const before = await db()
        .selectFrom('blog_posts')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      fake.script({ kind: 'words', words: 200 }, { kind: 'words', words: 3000 });
      const res = await api('POST', '/api/generator/ai-blog', { body: { prompt: 'stock', length: 'long' } });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/needs 1200–2000/);
      const after = await db()
        .selectFrom('blog_posts')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it.each([
      [{ prompt: '' }, 'Enter a topic for the blog post'],
      [{ prompt: 'x', tone: 'angry' }, 'Tone must be one of'],
      [{ prompt: 'x', length: 'epic' }, 'Length must be short, medium or long'],
    ])('refuses %j', async (body, message) => {
      const res = await api('POST', '/api/generator/ai-blog', { body: unchecked(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    });

    it('bulk blog: drafts through a job, count 1–20', async () => {
      expect((await api('POST', '/api/generator/bulk-blog', { body: { count: 21 } })).status).toBe(400);
      const res = await api('POST', '/api/generator/bulk-blog', {
        body: {
          count: 2,
          tone: 'casual',
          length: 'short',
        },
      });
      expect(res.status).toBe(202);
      expect(res.body.success).toBe(true);
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({ kind: 'bulk-blog', status: 'done', done: 2 });
    });
  });
});
