import type { IconData } from './icon-data.ts';

export const shareIcon: IconData = {
  roundCaps: true,
  shapes: [
    { circle: [18, 5, 2.5] },
    { circle: [6, 12, 2.5] },
    { circle: [18, 19, 2.5] },
    { d: 'm8.2 10.8 7.6-4.5M8.2 13.2l7.6 4.5' },
  ],
};
