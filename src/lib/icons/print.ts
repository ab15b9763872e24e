import type { IconData } from './icon-data.ts';

export const printIcon: IconData = {
  roundJoins: true,
  shapes: [{ d: 'M7 8V3h10v5M7 17H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-3M7 14h10v7H7z' }],
};
