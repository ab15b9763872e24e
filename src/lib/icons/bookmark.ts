import type { IconData } from './icon-data.ts';

export const bookmarkIcon: IconData = {
  roundJoins: true,
  shapes: [{ d: 'M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1Z' }],
};
