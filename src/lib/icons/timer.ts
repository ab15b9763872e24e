import type { IconData } from './icon-data.ts';

export const timerIcon: IconData = {
  roundCaps: true,
  shapes: [{ circle: [12, 13, 8] }, { d: 'M12 9v4l2.5 2M9 2h6M12 2v3' }],
};
