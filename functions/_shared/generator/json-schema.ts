import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

// Structured output: the JSON schema the model must follow is derived from the
// valibot schema the answer is validated with, so the two cannot drift. OpenAI's strict mode
// wants every object closed (additionalProperties: false, every property required) and accepts
// only some keywords; the ones it refuses (string lengths) are dropped here and still enforced by
// the valibot schema afterwards.

const ALLOWED_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'description',
  'pattern',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'anyOf',
  'additionalProperties',
]);

type Json = Record<string, unknown>;

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (!ALLOWED_KEYWORDS.has(key)) continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([k, child]) => [k, closeObjects(child)]),
      );
    } else out[key] = closeObjects(value);
  }
  if (out.type === 'object') {
    out.additionalProperties = false;
    out.required = Object.keys((out.properties as Json | undefined) ?? {});
  }
  return out;
}

/** The strict-mode JSON schema of a valibot object schema; `overrides` replace top-level properties. */
export function structuredOutputSchema(schema: v.GenericSchema, overrides: Record<string, Json> = {}): Json {
  const converted = closeObjects(toJsonSchema(schema, { errorMode: 'ignore' })) as Json;
  const properties = { ...(converted.properties as Json), ...overrides };
  return { ...converted, properties };
}
