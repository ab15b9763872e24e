import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '../../src/components/early-input-script.ts';

// The recorder inlined in every page's <head> (EarlyInput.astro): folded to one line, it must
// still parse, stay small, and be the same text on every page (the CSP allows it by hash).
describe('the early-input recorder', () => {
  it('is one line of valid JavaScript under 2 KB', () => {
    expect(EARLY_INPUT_SCRIPT).not.toContain('\n');
    expect(() => new Function(EARLY_INPUT_SCRIPT)).not.toThrow();
    expect(EARLY_INPUT_SCRIPT.length).toBeLessThan(2048);
  });

  it('has no page-dependent part', () => {
    expect(EARLY_INPUT_SCRIPT).not.toMatch(/\$\{|define:vars/);
  });
});
