import type { IconData } from './icon-data.ts';

export const chevronDownIcon: IconData = {
  viewBox: '0 0 20 20',
  stroke: 1.8,
  shapes: [{ d: 'M5.5 7.5 10 12l4.5-4.5' }],
};
