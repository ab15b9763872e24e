import * as v from 'valibot';
import { wholeNumber } from './fields.ts';

// The AI generator's settings. GeneratorConfigSchema is what
// GET /api/generator/config returns; GeneratorConfigUpdateSchema is what PUT accepts — the full
// config or any part of it (the tab sends csvUploadEnabled, schedulingEnabled, scheduleHours or
// batchSize alone). currentCount is the database's count and is never written by a client.

/** At most this many generated recipes a day. */
export const MAX_PER_DAY = 1000;
/** The default schedule. */
export const DEFAULT_SCHEDULE_HOURS = [0, 3, 6, 9, 12, 15, 18, 21] as const;
export const BATCH_SIZE = { min: 1, max: 100, default: 10 } as const;

export const GENERATOR_CONFIG_MESSAGES = {
  batchSize: `Batch size must be a whole number from ${BATCH_SIZE.min} to ${BATCH_SIZE.max}`,
  hour: 'Schedule hours must be whole hours from 0 to 23',
  repeatedHour: 'Each schedule hour may appear only once',
  maxPerDay: `The daily limit must be a whole number from 1 to ${MAX_PER_DAY}`,
  boolean: 'Must be true or false',
  nothing: 'Send at least one setting to change',
} as const;

const M = GENERATOR_CONFIG_MESSAGES;

export const ScheduleHoursSchema = v.pipe(
  v.array(wholeNumber(M.hour, 0, 23), 'Schedule hours must be a list of hours'),
  v.maxLength(24, M.repeatedHour),
  v.check((hours) => new Set(hours).size === hours.length, M.repeatedHour),
  v.transform((hours) => [...hours].sort((a, b) => a - b)),
);

const flag = v.boolean(M.boolean);

const UPDATABLE = {
  isEnabled: v.optional(flag),
  maxPerDay: v.optional(wholeNumber(M.maxPerDay, 1, MAX_PER_DAY)),
  schedulingEnabled: v.optional(flag),
  scheduleHours: v.optional(ScheduleHoursSchema),
  batchSize: v.optional(wholeNumber(M.batchSize, BATCH_SIZE.min, BATCH_SIZE.max)),
  csvUploadEnabled: v.optional(flag),
};

/** PUT /api/generator/config: any of the settings (other fields, currentCount included, are ignored). */
export const GeneratorConfigUpdateSchema = v.pipe(
  v.object(UPDATABLE, 'Expected a JSON object with the generator settings'),
  v.check((update) => Object.values(update).some((value) => value !== undefined), M.nothing),
);
export type GeneratorConfigUpdate = v.InferOutput<typeof GeneratorConfigUpdateSchema>;

/** GET /api/generator/config. */
export const GeneratorConfigSchema = v.object({
  isEnabled: v.boolean(),
  /** Recipes generated today (UTC day), including those a running batch has reserved. */
  currentCount: v.number(),
  maxPerDay: v.number(),
  schedulingEnabled: v.boolean(),
  scheduleHours: v.array(v.number()),
  batchSize: v.number(),
  csvUploadEnabled: v.boolean(),
  /** Hours × batch size (capped by maxPerDay). */
  estimatedDailyOutput: v.number(),
  /** False when OPENAI_API_KEY is not set: nothing can be generated. */
  configured: v.boolean(),
  /** The endpoint's host (OpenAI, or a local Ollama / llama.cpp server), never the key. */
  endpoint: v.string(),
  /** Whether generated recipes get a cover from the endpoint's image model. */
  imageModel: v.nullable(v.string()),
  lastScheduledHour: v.nullable(v.string()),
});
export type GeneratorConfig = v.InferOutput<typeof GeneratorConfigSchema>;

/** Estimated daily output = hours × batch size, never more than the daily cap. */
export function estimatedDailyOutput(config: {
  scheduleHours: readonly number[];
  batchSize: number;
  maxPerDay: number;
}): number {
  return Math.min(config.scheduleHours.length * config.batchSize, config.maxPerDay);
}

/** An AI model the generator offers. */
export const AiModelSchema = v.object({
  id: v.string(),
  name: v.string(),
  costPer1kTokens: v.number(),
  isDefault: v.boolean(),
});
export type AiModel = v.InferOutput<typeof AiModelSchema>;

/** Cost of a call from its tokens and the model's price per 1,000 tokens (6 decimals, as stored). */
export function costOf(tokens: number, costPer1kTokens: number): number {
  return Math.round((tokens / 1000) * costPer1kTokens * 1e6) / 1e6;
}
