import type { IconData } from './icon-data.ts';

export const starIcon: IconData = {
  viewBox: '0 0 20 20',
  solid: true,
  shapes: [{ d: 'M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.8l-5.3 2.8 1-5.8L1.5 7.7l5.9-.9z' }],
};
