import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// A fake OpenAI-compatible HTTP server on 127.0.0.1 for the generator's tests and for trying the
// tab by hand: the real `openai` SDK talks real HTTP to it. It answers
// POST /v1/chat/completions with structured JSON that follows the request's schema (a recipe or
// a blog post), with token usage, and can be told to misbehave: invalid JSON, schema-breaking
// JSON, a given title, a slow answer, 429 or 500.
//
//   node tests/helpers/fake-openai.ts --port 8951     then OPENAI_BASE_URL=http://127.0.0.1:8951/v1
//
// By hand, words in the prompt pick the misbehaviour: [invalid-json], [bad-calories],
// [bad-schema], [slow], [429], [500], [title:Some Title]; [wait:1500] delays that answer (ms).

export type Behaviour =
  | { kind: 'valid'; title?: string }
  | { kind: 'invalid-json' }
  | { kind: 'bad-calories'; title?: string }
  | { kind: 'bad-schema' }
  | { kind: 'words'; words: number }
  | { kind: 'slow'; ms: number }
  | { kind: 'status'; status: number; message?: string };

export interface FakeCall {
  path: string;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: {
      json_schema?: { name?: string; schema?: { properties?: Record<string, { enum?: string[] }> } };
    };
  };
}

export interface FakeOpenAI {
  /** The base URL for OPENAI_BASE_URL (ends in /v1). */
  url: string;
  calls: FakeCall[];
  /** Behaviours for the next calls, in order; after them every call gets a valid answer. */
  script: (...behaviours: Behaviour[]) => void;
  /** Milliseconds every answer waits (throughput figures, concurrency tests). */
  setLatency: (ms: number) => void;
  reset: () => void;
  close: () => Promise<void>;
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'va',
  'zor',
  'pel',
  'din',
  'sha',
  'gro',
  'bel',
  'ni',
  'quo',
  'fa',
  'jun',
  'wex',
  'hal',
  'sib',
  'cor',
  'yam',
  'dre',
];
const DISHES = [
  'Skillet',
  'Stew',
  'Salad',
  'Tart',
  'Bowl',
  'Bake',
  'Soup',
  'Curry',
  'Pilaf',
  'Galette',
  'Frittata',
  'Gratin',
];
const BLOG_WORDS =
  'home cooks love simple food that tastes bright fresh and honest with seasonal vegetables good olive oil and a little patience at the stove every kitchen'.split(
    ' ',
  );

/** A made-up word per number: titles of a batch share no real words, so none looks like another. */
function word(n: number): string {
  const a = SYLLABLES[n % SYLLABLES.length]!;
  const b = SYLLABLES[Math.floor(n / SYLLABLES.length + n * 7) % SYLLABLES.length]!;
  const c = SYLLABLES[Math.floor(n * 13 + 5) % SYLLABLES.length]!;
  const w = a + b + c;
  return w[0]!.toUpperCase() + w.slice(1);
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function titleCase(s: string): string {
  return s
    .replace(/\[[^\]]*\]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function fakeRecipe(options: { title: string; category: string; badCalories?: boolean }) {
  const nutrition = {
    calories: options.badCalories ? 1200 : 460,
    protein: '30g',
    carbs: '40g',
    fat: '20g',
    fiber: '6g',
    sugar: '8g',
    sodium: '520mg',
  };
  return {
    title: options.title,
    description: `A weeknight ${options.title.toLowerCase()} with bright flavours.`,
    summary: `${options.title} comes together in under an hour with pantry staples and fresh vegetables.`,
    category: options.category,
    cuisine: 'International',
    prepTime: 15,
    cookTime: 30,
    totalTime: 45,
    servings: 4,
    difficulty: 'Easy',
    calories: nutrition.calories,
    nutrition,
    ingredients: [
      '2 tbsp olive oil',
      '1 onion, diced',
      '2 cloves garlic, minced',
      '400 g chickpeas',
      '1 cup spinach',
      '1 lemon',
    ],
    instructions: [
      'Warm the oil in a large pan over medium heat.',
      'Cook the onion and garlic until soft, about 8 minutes.',
      'Add the chickpeas and spinach and cook for 10 minutes.',
      'Finish with lemon juice and season to taste.',
    ],
    tags: ['weeknight', 'vegetarian', 'one-pan'],
    faqs: [
      { question: 'Can I make it ahead?', answer: 'Yes, it keeps for three days in the fridge.' },
      { question: 'Can I freeze it?', answer: 'Freeze in portions for up to three months.' },
    ],
  };
}

function blogContent(words: number, topic: string): string {
  const out: string[] = [`## Why ${topic || 'this'} matters`];
  let count = 0;
  let paragraph: string[] = [];
  while (count < words) {
    paragraph.push(BLOG_WORDS[count % BLOG_WORDS.length]!);
    count++;
    if (paragraph.length === 60) {
      out.push(paragraph.join(' ') + '.');
      paragraph = [];
      if (count < words - 10) out.push('## Next steps');
    }
  }
  if (paragraph.length) out.push(paragraph.join(' ') + '.');
  return out.join('\n\n');
}

export async function startFakeOpenAI(options: { port?: number } = {}): Promise<FakeOpenAI> {
  let queue: Behaviour[] = [];
  let latency = 0;
  // A random start, so a restarted fake does not repeat the dishes it made before.
  let counter = Math.floor(Math.random() * 100_000);
  const calls: FakeCall[] = [];

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0]!;
        let body: FakeCall['body'];
        try {
          body = raw ? (JSON.parse(raw) as FakeCall['body']) : {};
        } catch {
          return answer(res, 400, { error: { message: 'Bad JSON', type: 'invalid_request_error' } });
        }
        calls.push({ path, body });
        if (req.method === 'POST' && path.endsWith('/images/generations')) {
          // A real picture's bytes (a warm gradient), as gpt-image models send them.
          const png = await sharp({
            create: { width: 1536, height: 1024, channels: 3, background: { r: 230, g: 120, b: 60 } },
          })
            .png()
            .toBuffer();
          return answer(res, 200, {
            created: Math.floor(Date.now() / 1000),
            data: [{ b64_json: png.toString('base64') }],
          });
        }
        if (req.method !== 'POST' || !path.endsWith('/chat/completions'))
          return answer(res, 404, { error: { message: `No route ${path}`, type: 'invalid_request_error' } });

        const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
        const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
        const tag = (name: string) => user.includes(`[${name}]`);
        const titleTag = /\[title:([^\]]+)\]/.exec(user)?.[1];
        let behaviour: Behaviour = queue.shift() ?? { kind: 'valid' };
        if (behaviour.kind === 'valid' && !behaviour.title) {
          if (tag('invalid-json')) behaviour = { kind: 'invalid-json' };
          else if (tag('bad-calories')) behaviour = { kind: 'bad-calories' };
          else if (tag('bad-schema')) behaviour = { kind: 'bad-schema' };
          else if (tag('slow')) behaviour = { kind: 'slow', ms: 120_000 };
          else if (tag('429')) behaviour = { kind: 'status', status: 429 };
          else if (tag('500')) behaviour = { kind: 'status', status: 500 };
          else if (titleTag && !/the site already has/.test(user))
            behaviour = { kind: 'valid', title: titleTag };
        }
        if (latency) await new Promise((r) => setTimeout(r, latency));
        const wait = Number(/\[wait:(\d{1,5})\]/.exec(user)?.[1] ?? 0);
        if (wait) await new Promise((r) => setTimeout(r, wait));
        if (behaviour.kind === 'slow') {
          await new Promise((r) => setTimeout(r, behaviour.ms));
          if (res.destroyed) return;
        }
        if (behaviour.kind === 'status')
          return answer(res, behaviour.status, {
            error: { message: behaviour.message ?? `Fake error ${behaviour.status}`, type: 'fake_error' },
          });

        counter++;
        const schemaName = body.response_format?.json_schema?.name;
        const categories = body.response_format?.json_schema?.schema?.properties?.category?.enum ?? [
          'main-course',
        ];
        let content: string;
        if (behaviour.kind === 'invalid-json') content = '{"title": "Half a recipe", "ingredients": [';
        else if (behaviour.kind === 'bad-schema')
          content = JSON.stringify({ title: 'No body', servings: 'four' });
        else if (schemaName === 'blog_post') {
          const range = /between (\d+) and (\d+) words/.exec(system);
          const words =
            behaviour.kind === 'words'
              ? behaviour.words
              : range
                ? Math.round((Number(range[1]) + Number(range[2])) / 2)
                : 900;
          const topic = /about: (.*)$/m.exec(user)?.[1]?.trim() ?? '';
          const title = topic ? titleCase(topic) : `${word(counter * 31 + 7)} Kitchen Notes`;
          content = JSON.stringify({
            title,
            excerpt: `What we learned about ${title.toLowerCase()}.`,
            content: blogContent(words, topic),
            category: categories.find((c) => c !== '') ?? '',
          });
        } else {
          // The dish asked for, without the words that steer this fake ([wait:300], …).
          const asked = /Write a recipe for: (.*)$/m
            .exec(user)?.[1]
            ?.replace(/\[[^\]]*\]/g, ' ')
            .replace(/\s+/g, ' ')
            .trim();
          const title =
            (behaviour.kind === 'valid' || behaviour.kind === 'bad-calories' ? behaviour.title : undefined) ??
            (asked ? titleCase(asked) : undefined) ??
            `${word(counter * 17 + 3)} ${word(counter * 29 + 11)} ${DISHES[counter % DISHES.length]}`;
          content = JSON.stringify(
            fakeRecipe({
              title,
              category: categories[counter % categories.length]!,
              badCalories: behaviour.kind === 'bad-calories',
            }),
          );
        }
        return answer(res, 200, {
          id: `chatcmpl-fake-${counter}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices: [
            { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' },
          ],
          usage: {
            prompt_tokens: tokens(system + user),
            completion_tokens: tokens(content),
            total_tokens: tokens(system + user) + tokens(content),
          },
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    script: (...behaviours) => {
      queue.push(...behaviours);
    },
    setLatency: (ms) => {
      latency = ms;
    },
    reset: () => {
      queue = [];
      latency = 0;
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const portArg =
    process.argv.find((a) => a.startsWith('--port='))?.slice(7) ??
    process.argv[process.argv.indexOf('--port') + 1];
  const fake = await startFakeOpenAI({ port: Number(portArg) || 8951 });
  console.log(`Fake OpenAI-compatible server at ${fake.url}`);
}
