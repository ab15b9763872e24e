import type { IconData } from './icon-data.ts';

export const calendarIcon: IconData = {
  roundCaps: true,
  shapes: [
    {
      d: 'M5.5 5h13a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM3.5 10h17M8 3v4M16 3v4',
    },
  ],
};
