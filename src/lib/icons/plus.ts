import type { IconData } from './icon-data.ts';

export const plusIcon: IconData = { stroke: 2.2, roundCaps: true, shapes: [{ d: 'M12 5v14M5 12h14' }] };
