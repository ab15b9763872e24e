import type { IconData } from './icon-data.ts';

export const soundOnIcon: IconData = {
  roundCaps: true,
  roundJoins: true,
  shapes: [{ d: 'M4 9v6h4l5 4V5L8 9z' }, { d: 'M16.5 8.5a5 5 0 0 1 0 7' }],
};
