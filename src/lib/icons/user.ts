import type { IconData } from './icon-data.ts';

export const userIcon: IconData = {
  roundCaps: true,
  roundJoins: true,
  shapes: [{ circle: [12, 8, 4] }, { d: 'M4 21a8 8 0 0 1 16 0' }],
};
