import type { IconData } from './icon-data.ts';

export const listIcon: IconData = {
  roundCaps: true,
  roundJoins: true,
  shapes: [{ d: 'M9 6h11M9 12h11M9 18h11M4.5 6l.01 0M4.5 12l.01 0M4.5 18l.01 0' }],
};
