import type { IconData } from './icon-data.ts';

export const pauseIcon: IconData = { solid: true, shapes: [{ d: 'M7 5h4v14H7zM13 5h4v14h-4z' }] };
