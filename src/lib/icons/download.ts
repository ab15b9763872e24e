import type { IconData } from './icon-data.ts';

export const downloadIcon: IconData = {
  roundCaps: true,
  roundJoins: true,
  shapes: [{ d: 'M12 4v11M7 10l5 5 5-5M5 20h14' }],
};
