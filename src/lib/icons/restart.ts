import type { IconData } from './icon-data.ts';

export const restartIcon: IconData = {
  stroke: 2.2,
  roundCaps: true,
  shapes: [{ d: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4' }],
};
