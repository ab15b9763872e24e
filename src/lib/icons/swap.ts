import type { IconData } from './icon-data.ts';

export const swapIcon: IconData = {
  stroke: 2.2,
  roundCaps: true,
  roundJoins: true,
  shapes: [{ d: 'M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7' }],
};
