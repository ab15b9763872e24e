import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Scratch space of this test run (per process, so parallel runs never share files). */
export const TEST_DATA = path.join(ROOT, '.data', 'test', `run-${process.pid}`);

/** True when a suite that cannot run here must fail instead of skipping. */
export const REQUIRED = process.env.CI === 'true' || process.env.CI === '1';
