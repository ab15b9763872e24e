import { describe, expect, it } from 'vitest';
import { analyticsIdToLoad, isMeasurementId } from '../../src/lib/analytics.ts';
import { itMaps } from '../helpers/table.ts';

// Analytics: pages carry the loader only when the settings switch analytics on.
describe('analyticsIdToLoad', () => {
  itMaps(
    analyticsIdToLoad,
    [
      [{ enableAnalytics: false, analyticsId: 'G-ABC123', googleAnalyticsId: '' }, null],
      [{ enableAnalytics: true, analyticsId: 'G-ABC123', googleAnalyticsId: '' }, 'G-ABC123'],
      [{ enableAnalytics: true, analyticsId: '', googleAnalyticsId: 'G-OLD999' }, 'G-OLD999'],
      [{ enableAnalytics: true, analyticsId: ' UA-1 ', googleAnalyticsId: '' }, 'UA-1'],
      [{ enableAnalytics: true, analyticsId: '', googleAnalyticsId: '' }, ''],
    ],
    '%j → %j',
  );
});

describe('isMeasurementId', () => {
  it.each([
    ['G-ABC123', true],
    ['g-abc123', true],
    ['G-', false],
    ['UA-12345-1', false],
    ['GTM-ABC', false],
    ['G-ABC 123', false],
  ])('%j → %j', (id, expected) => expect(isMeasurementId(id)).toBe(expected));
});
