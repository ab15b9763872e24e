import type { IconData } from './icon-data.ts';

export const closeIcon: IconData = { roundCaps: true, shapes: [{ d: 'M6 6l12 12M18 6L6 18' }] };
