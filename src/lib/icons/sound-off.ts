import type { IconData } from './icon-data.ts';

export const soundOffIcon: IconData = {
  roundCaps: true,
  roundJoins: true,
  shapes: [{ d: 'M4 9v6h4l5 4V5L8 9z' }, { d: 'm16 9 5 6M21 9l-5 6' }],
};
