import type { IconData } from './icon-data.ts';

export const thumbsUpIcon: IconData = {
  roundJoins: true,
  shapes: [
    { d: 'M7 11v9H4v-9h3Zm0 0 4-8c1.7 0 2.8 1.3 2.5 3L13 10h5.5a2 2 0 0 1 2 2.4l-1.4 6A2 2 0 0 1 17.2 20H7' },
  ],
};
