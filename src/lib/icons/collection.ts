import type { IconData } from './icon-data.ts';

export const collectionIcon: IconData = {
  roundCaps: true,
  shapes: [{ d: 'M3 7h18M3 12h18M3 17h11' }],
};
