import Papa from 'papaparse';
import { CSV_LIMITS } from '../../../src/lib/schemas/generator-request.ts';
import { readBodyCapped } from '../capped-body.ts';
import { ApiError, badRequest } from '../http.ts';

// The CSV upload: a .csv file with a `title` column, at most 500 rows and
// 1 MB, parsed with papaparse. Titles repeated in the file are skipped here; titles already on
// the site are skipped by the route (it asks the database).

export const CSV_MESSAGES = {
  noFile: 'No CSV file selected',
  notCsv: 'The file must be a .csv file',
  tooLarge: `The CSV file is larger than ${CSV_LIMITS.maxBytes / 1024 / 1024} MB`,
  empty: 'The CSV file is empty',
  noTitleColumn: 'The CSV file has no "title" column: its first row must name the columns, e.g. "title"',
  tooManyRows: (rows: number) =>
    `The CSV file has ${rows} rows; at most ${CSV_LIMITS.maxRows} can be processed at once`,
  unreadable: 'The CSV file could not be read as text (save it as UTF-8)',
} as const;

/** The template lists 10 sample titles. */
export const CSV_TEMPLATE_TITLES = [
  'Lemon Herb Roast Chicken',
  'Creamy Mushroom Risotto',
  'Spicy Black Bean Tacos',
  'Classic French Onion Soup',
  'Honey Garlic Salmon',
  'Greek Salad with Feta',
  'Banana Oat Pancakes',
  'Thai Green Curry with Tofu',
  'Chocolate Chip Banana Bread',
  'Roasted Sweet Potato Wedges',
];

export function csvTemplate(): string {
  return (
    Papa.unparse({ fields: ['title'], data: CSV_TEMPLATE_TITLES.map((t) => [t]) }, { newline: '\n' }) + '\n'
  );
}

export interface ParsedCsv {
  /** Data rows with a non-empty title. */
  total: number;
  /** Titles to generate, first occurrence of each (case-insensitive). */
  titles: string[];
  /** Titles skipped within the file, with why. */
  skipped: { title: string; reason: string }[];
}

/** Parses the uploaded file's text; throws a 400 with a clear sentence for anything unusable. */
export function parseTitlesCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw badRequest(CSV_MESSAGES.empty);
  const parsed = Papa.parse<Record<string, string>>(body, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('title')) throw badRequest(CSV_MESSAGES.noTitleColumn);
  const rows = parsed.data;
  if (rows.length === 0) throw badRequest(CSV_MESSAGES.empty);
  if (rows.length > CSV_LIMITS.maxRows) throw new ApiError(413, CSV_MESSAGES.tooManyRows(rows.length));
  const seen = new Set<string>();
  const titles: string[] = [];
  const skipped: ParsedCsv['skipped'] = [];
  let total = 0;
  for (const row of rows) {
    const title = String(row.title ?? '')
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    if (!title) continue;
    total++;
    const key = title.toLowerCase();
    if (seen.has(key)) {
      skipped.push({ title, reason: 'Repeated in the file' });
      continue;
    }
    seen.add(key);
    titles.push(title);
  }
  if (total === 0) throw badRequest(CSV_MESSAGES.empty);
  return { total, titles, skipped };
}

/** Reads the multipart upload, capped in size, and returns the file's name and text. */
export async function readCsvUpload(req: Request): Promise<{ name: string; text: string; modelId?: string }> {
  const limit = CSV_LIMITS.maxBytes + 64 * 1024; // the file plus the form's own parts
  // A declared size over the limit is refused before the form's type is even looked at.
  if (Number(req.headers.get('content-length') ?? '0') > limit)
    throw new ApiError(413, CSV_MESSAGES.tooLarge);
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type))
    throw badRequest(`${CSV_MESSAGES.noFile} (send the file as multipart/form-data in the field "csvFile")`);
  const bytes = await readBodyCapped(req, {
    maxBytes: limit,
    tooLarge: () => new ApiError(413, CSV_MESSAGES.tooLarge),
    unreadable: () => badRequest('The upload could not be read completely.'),
  });
  let form: FormData;
  try {
    form = await new Response(new Blob([new Uint8Array(bytes)]), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw badRequest('The upload could not be read as a form.');
  }
  const file = form.get('csvFile');
  const modelValue = form.get('modelId');
  const modelId = typeof modelValue === 'string' && modelValue.trim() ? modelValue.trim() : undefined;
  if (!file || typeof file === 'string' || file.size === 0) {
    if (file && typeof file !== 'string' && file.size === 0 && file.name)
      throw badRequest(CSV_MESSAGES.empty);
    throw badRequest(CSV_MESSAGES.noFile);
  }
  if (!/\.csv$/i.test(file.name)) throw badRequest(CSV_MESSAGES.notCsv);
  if (file.size > CSV_LIMITS.maxBytes) throw new ApiError(413, CSV_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw badRequest(CSV_MESSAGES.unreadable);
  }
  return { name: file.name, text, ...(modelId ? { modelId } : {}) };
}
