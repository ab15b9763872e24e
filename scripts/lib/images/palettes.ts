import { hashString } from './random.ts';

// The per-category colours of the illustrations and each category's default icon.
// Palettes: one per recipe category. bg = gradient stops, blob = the "table" shape behind the
// plate, confetti = texture colours, shadow = tint for shadows (a warm dark, never grey).

export type Palette = {
  bg: [string, string];
  blob: string;
  confetti: [string, string, string];
  shadow: string;
};

export const PALETTES: Record<string, Palette> = {
  appetizers: {
    bg: ['#FFE6DE', '#FFA690'],
    blob: '#FF8C74',
    confetti: ['#FFFFFF', '#F05A45', '#FFD166'],
    shadow: '#8A2A18',
  },
  'main-course': {
    bg: ['#FAB08C', '#DB4F2C'],
    blob: '#C73F1F',
    confetti: ['#FFF1E6', '#9A2E14', '#FFC98B'],
    shadow: '#5E1806',
  },
  desserts: {
    bg: ['#FFE0EA', '#F8AFC8'],
    blob: '#F38FB1',
    confetti: ['#FFFFFF', '#E0607E', '#FFD6A5'],
    shadow: '#7A2341',
  },
  breakfast: {
    bg: ['#FFF1C4', '#FFD166'],
    blob: '#FFC23D',
    confetti: ['#FFFFFF', '#F29E1F', '#FF8C61'],
    shadow: '#7A4D00',
  },
  healthy: {
    bg: ['#DDF5D5', '#98DB8E'],
    blob: '#7ECB74',
    confetti: ['#FFFFFF', '#4FA64A', '#FFE07A'],
    shadow: '#1F5A25',
  },
  soups: {
    bg: ['#FFE6B8', '#FFAA45'],
    blob: '#FF9A2E',
    confetti: ['#FFF6EA', '#E07010', '#FFE08A'],
    shadow: '#6E3A00',
  },
  salads: {
    bg: ['#F0F8C8', '#C7E36E'],
    blob: '#B3D656',
    confetti: ['#FFFFFF', '#7FAE2A', '#FF8A7A'],
    shadow: '#46600F',
  },
  vegetarian: {
    bg: ['#ECE3FA', '#C6AEEC'],
    blob: '#B398E6',
    confetti: ['#FFFFFF', '#8A68D1', '#A8E6A1'],
    shadow: '#3E2770',
  },
  baking: {
    bg: ['#FBE6CB', '#E9B576'],
    blob: '#DC9F57',
    confetti: ['#FFFFFF', '#B0733A', '#F6D9A8'],
    shadow: '#5E3A14',
  },
  sides: {
    bg: ['#D6F1F0', '#86D0CC'],
    blob: '#6BC2BD',
    confetti: ['#FFFFFF', '#2E9C95', '#FFD166'],
    shadow: '#134F4B',
  },
  drinks: {
    bg: ['#DCEBFF', '#98C2F7'],
    blob: '#7FB1F2',
    confetti: ['#FFFFFF', '#4A86DB', '#FFB3C7'],
    shadow: '#1B3F73',
  },
};
// Brand orange, for the Open Graph image and anything without a category.
export const OG_PALETTE: Palette = {
  bg: ['#FFE7C7', '#FF9F5A'],
  blob: '#FF8A3D',
  confetti: ['#FFFFFF', '#E8590C', '#FFD166'],
  shadow: '#7A2E00',
};
export const PALETTE_KEYS = Object.keys(PALETTES);
export const hashedPaletteKey = (key: string) =>
  PALETTE_KEYS[hashString(key) % PALETTE_KEYS.length] ?? 'main-course';

// Used when a recipe names an icon that does not exist (or none at all).
export const CATEGORY_DEFAULT_ICON: Record<string, string> = {
  appetizers: 'cheese-wedge',
  'main-course': 'shallow-pan-of-food',
  desserts: 'shortcake',
  breakfast: 'pancakes',
  healthy: 'leafy-green',
  soups: 'steaming-bowl',
  salads: 'green-salad',
  vegetarian: 'broccoli',
  baking: 'bread',
  sides: 'potato',
  drinks: 'tropical-drink',
};
export const GENERIC_ICON = 'pot-of-food';
