// Shopping-list aisles (SPEC §9): each ingredient goes to the section of the store where a home
// cook would look for it. Keyword rules, first match wins; the order settles the tricky cases
// (frozen peas are Frozen not Produce, coconut milk is Pantry not Dairy, black pepper is Pantry
// while bell pepper is Produce, eggplant is not eggs, butternut squash is not butter).

export const SHOPPING_CATEGORIES = ['Produce', 'Meat & Seafood', 'Dairy', 'Pantry', 'Bakery', 'Frozen', 'Other'] as const;

export type ShoppingCategory = (typeof SHOPPING_CATEGORIES)[number];

/** Whole words or phrases; a plural ending (s / es) also matches. */
function words(list: string[]): RegExp {
  const escaped = list.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  return new RegExp(`\\b(?:${escaped.join('|')})(?:e?s)?\\b`);
}

interface Rule {
  category: ShoppingCategory;
  match: RegExp;
}

const RULES: Rule[] = [
  { category: 'Frozen', match: words(['frozen', 'ice cream', 'sorbet', 'gelato', 'ice cube', 'puff pastry', 'phyllo', 'filo']) },
  // Shelf-stable products named after fresh ones; before Meat, Dairy and Produce on purpose.
  {
    category: 'Pantry',
    match: words([
      'broth', 'stock', 'bouillon', 'coconut milk', 'coconut cream', 'condensed milk', 'evaporated milk', 'powdered milk',
      'peanut butter', 'almond butter', 'nut butter', 'apple butter', 'cocoa butter', 'breadcrumb', 'bread crumb', 'panko',
      'butter bean', 'egg noodle', 'cream of tartar', 'ground ginger', 'ground coriander',
      'canned', 'tinned', 'dried', 'dry', 'powder', 'flakes', 'paste', 'sauce', 'ketchup', 'mustard', 'mayonnaise',
      'vinegar', 'oil', 'black pepper', 'white pepper', 'peppercorn', 'cayenne', 'chili powder', 'paprika', 'extract',
      'jam', 'jelly', 'honey', 'syrup', 'molasses', 'raisin', 'fish sauce', 'oyster sauce', 'garlic salt',
      'celery salt', 'onion salt',
    ]),
  },
  {
    category: 'Bakery',
    match: words([
      'bread', 'baguette', 'loaf', 'bun', 'roll', 'brioche', 'ciabatta', 'focaccia', 'sourdough', 'croissant', 'bagel',
      'pita', 'naan', 'tortilla', 'flatbread', 'english muffin', 'pie crust', 'pizza dough', 'crumpet',
    ]),
  },
  {
    category: 'Meat & Seafood',
    match: words([
      'chicken', 'beef', 'pork', 'lamb', 'veal', 'turkey', 'duck', 'bacon', 'ham', 'prosciutto', 'pancetta', 'sausage',
      'chorizo', 'salami', 'pepperoni', 'mince', 'steak', 'brisket', 'ribs', 'thigh', 'drumstick', 'meatball', 'fish',
      'salmon', 'cod', 'haddock', 'halibut', 'tilapia', 'trout', 'mackerel', 'anchovy', 'anchovie', 'shrimp', 'prawn', 'crab',
      'lobster', 'scallop', 'mussel', 'clam', 'oyster', 'squid', 'calamari', 'octopus', 'seafood', 'tuna', 'sardine',
    ]),
  },
  {
    category: 'Dairy',
    match: words([
      'milk', 'buttermilk', 'butter', 'ghee', 'cream', 'half and half', 'half-and-half', 'yogurt', 'yoghurt', 'kefir',
      'cheese', 'cheddar', 'mozzarella', 'parmesan', 'parmigiano', 'pecorino', 'feta', 'ricotta', 'mascarpone', 'brie',
      'gruyere', 'gouda', 'halloumi', 'paneer', 'cottage cheese', 'cream cheese', 'sour cream', 'creme fraiche', 'egg',
      'custard', 'tofu',
    ]),
  },
  {
    category: 'Produce',
    match: words([
      'apple', 'banana', 'orange', 'lemon', 'lime', 'grapefruit', 'berry', 'berrie', 'strawberry', 'strawberrie', 'blueberry',
      'blueberrie', 'raspberry', 'raspberrie', 'grape', 'cherry', 'cherrie', 'peach', 'pear', 'plum', 'mango', 'pineapple',
      'melon', 'watermelon', 'kiwi', 'avocado', 'tomato', 'potato', 'sweet potato', 'onion', 'shallot', 'scallion',
      'green onion', 'spring onion', 'leek', 'garlic', 'ginger', 'carrot', 'celery', 'cucumber', 'zucchini', 'courgette',
      'eggplant', 'aubergine', 'squash', 'pumpkin', 'pepper', 'bell pepper', 'chili', 'chile', 'chilli', 'jalapeno',
      'lettuce', 'spinach', 'kale', 'arugula', 'rocket', 'cabbage', 'broccoli', 'cauliflower', 'brussels sprout',
      'asparagus', 'green bean', 'pea', 'corn', 'mushroom', 'beet', 'beetroot', 'radish', 'turnip', 'parsnip', 'fennel',
      'herb', 'basil', 'parsley', 'cilantro', 'coriander', 'mint', 'dill', 'thyme', 'rosemary', 'sage', 'chive', 'tarragon',
      'lemongrass', 'sprout', 'salad', 'greens', 'bok choy', 'okra', 'artichoke',
    ]),
  },
  {
    category: 'Pantry',
    match: words([
      'rice', 'pasta', 'spaghetti', 'penne', 'macaroni', 'noodle', 'couscous', 'quinoa', 'oat', 'oatmeal', 'cereal',
      'lentil', 'chickpea', 'bean', 'nut', 'almond', 'walnut', 'pecan', 'cashew', 'pistachio', 'peanut', 'seed', 'sesame',
      'chocolate', 'cocoa', 'vanilla', 'cinnamon', 'cumin', 'nutmeg', 'turmeric', 'oregano', 'clove', 'cardamom', 'spice',
      'seasoning', 'soy', 'tahini', 'olive', 'caper', 'cracker', 'coffee', 'tea', 'wine', 'beer', 'cornmeal',
      'polenta', 'coconut', 'salt', 'sugar', 'flour', 'cornstarch', 'baking soda', 'yeast', 'gelatin',
    ]),
  },
];

/** Lower case, accents removed (jalapeño → jalapeno), single spaces. */
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The aisle of an ingredient name ("2 cloves garlic" works too); Other when nothing matches. */
export function categorizeIngredient(ingredient: string): ShoppingCategory {
  const text = normalise(ingredient);
  // "Pepper" on its own, as in "salt and pepper", is the spice.
  if (/^(?:salt and )?pepper$/.test(text)) return 'Pantry';
  for (const rule of RULES) {
    if (rule.match.test(text)) return rule.category;
  }
  return 'Other';
}

export function isShoppingCategory(value: unknown): value is ShoppingCategory {
  return typeof value === 'string' && (SHOPPING_CATEGORIES as readonly string[]).includes(value);
}
