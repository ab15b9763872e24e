import { ingredientToItem } from './shopping/ingredient-item.ts';
import { DIETS, type Diet } from './diet-names.ts';
import { singular } from './step-ingredients.ts';

export { DIETS, type Diet };

// Which diets a recipe suits, read from its ingredient lines with a rule table. It errs on the
// safe side: a diet is claimed only when every line is a food the table knows and that food
// suits it, so an unknown ingredient ("2 tbsp XO sauce"), a line with a choice ("butter or
// oil": both must suit) or a food that may hide gluten (soy sauce, stock) claims nothing.
// The admin can set a recipe's diets by hand where the rules are wrong.

/**
 * What a food contains that a diet excludes. "gluten" includes "may contain gluten"; "rennet": hard
 * cheeses made with animal rennet by tradition (Parmesan, Pecorino, Gruyère).
 */
type Trait = 'meat' | 'fish' | 'dairy' | 'egg' | 'honey' | 'gluten' | 'rennet';

const BREAKS: Record<Diet, readonly Trait[]> = {
  vegetarian: ['meat', 'fish', 'rennet'],
  vegan: ['meat', 'fish', 'dairy', 'egg', 'honey', 'rennet'],
  'gluten-free': ['gluten'],
  'dairy-free': ['dairy'],
};

/**
 * Foods by the words naming them (singular, lower case), with what they contain; [] is a plain
 * plant food or seasoning. A name is read by its longest known phrase, so "peanut butter" is not
 * butter and "vegetable stock" is not "chicken stock". Bump DIET_RULES_VERSION on any change:
 * stored recipes are re-read with the new table.
 */
const FOODS: [names: string, traits: Trait[]][] = [
  // Meat and fish.
  [
    'beef|steak|mince|pork|bacon|lardon|pancetta|guanciale|ham|prosciutto|chorizo|sausage|salami|lamb|mutton|veal|' +
      'chicken|turkey|duck|goose|venison|rib|chuck|brisket|oxtail|liver|kidney|gelatin|gelatine|suet|lard|' +
      'drumstick|thigh|wing|breast|kielbasa|linguiça|goose fat|duck fat|bone marrow|pepperoni|meatball',
    ['meat'],
  ],
  [
    'fish|cod|haddock|tuna|salmon|tuna|trout|mackerel|sardine|anchovy|prawn|shrimp|crab|lobster|mussel|clam|' +
      'scallop|squid|octopus|halibut|mahi-mahi|sea bass|bass|tilapia|fish sauce|oyster sauce|dashi|bonito|' +
      'worcestershire sauce|worcestershire',
    ['fish'],
  ],
  ['chicken stock|chicken broth|beef stock|beef broth|bone broth|lamb stock', ['meat', 'gluten']],
  ['fish stock', ['fish', 'gluten']],
  // Dairy and eggs.
  [
    'milk|butter|cream|cheese|yoghurt|yogurt|ghee|buttermilk|crème fraîche|creme fraiche|fraîche|mascarpone|' +
      'ricotta|mozzarella|feta|cheddar|halloumi|paneer|' +
      'brie|camembert|gorgonzola|stilton|quark|kefir|evaporated milk|condensed milk|sweetened condensed milk|' +
      'sour cream|double cream|single cream|whipping cream|heavy cream|ice cream|ayib|custard|whey|' +
      'half-and-half',
    ['dairy'],
  ],
  [
    'parmesan|parmigiano|parmigiano reggiano|pecorino|pecorino romano|gruyère|gruyere|grana padano|parmesan rind',
    ['dairy', 'rennet'],
  ],
  ['egg|yolk|egg yolk|egg white|mayonnaise|aioli|meringue', ['egg']],
  ['honey', ['honey']],
  ["crema|mexican crema|queso fresco|milk powder|goat’s cheese|goat's cheese|monterey jack", ['dairy']],
  ['black pudding', ['meat', 'gluten']],
  [
    'ciabatta|loaf|lasagne|lasagne sheet|pitta|pitta bread|flatbread|tostada|shoyu|chinkiang black vinegar|' +
      'brown sauce|guk-ganjang|soup soy sauce',
    ['gluten'],
  ],
  [
    'juice|powder|chip|chocolate chip|sprinkle|chocolate sprinkle|granulado|ajwain|carom|carom seed|caraway|' +
      'caraway seed|coriander seed|celery seed|chutney|mint chutney|tamarind chutney|compote|plum compote|' +
      'apple sauce|simple syrup|rose water|gochugaru|fava bean|ful|gigante|borlotti|borlotti bean|cavolo nero|' +
      'fukujinzuke|pearl onion|pomegranate molasses|saffron thread|edamame|red pepper flake|pepper flake|' +
      'dijon mustard|sunflower|mushy pea|mung bean|kombu|serrano|serrano chile|ancho|ancho chilli powder|guindilla|tea bag|assam tea',
    [],
  ],
  ['egg noodle|egg pasta|fresh pasta', ['egg', 'gluten']],
  // Gluten, or may hold it.
  [
    'flour|plain flour|bread flour|self-raising flour|all-purpose flour|strong white bread flour|wheat|' +
      'bread|breadcrumb|panko|crouton|pasta|spaghetti|macaroni|fusilli|penne|orecchiette|linguine|tagliatelle|' +
      'noodle|udon|couscous|bulgur|barley|rye|semolina|farro|spelt|seitan|tortilla|flour tortilla|' +
      'pita|naan|paratha|injera|baguette|brioche|croissant|pastry|puff pastry|filo|phyllo|biscuit|cracker|' +
      'cake|sponge|soy sauce|light soy sauce|dark soy sauce|teriyaki|hoisin|hoisin sauce|gochujang|miso|' +
      'white miso paste|miso paste|beer|lager|ale|malt|malt vinegar|stock|broth|stock cube|bouillon|' +
      'vegetable stock|vegetable broth|oat|rolled oat|old-fashioned rolled oat|curry powder|baking powder|' +
      'seasoning|spice blend|berbere spice blend|garam masala|wafer|cookie|graham cracker|pretzel|' +
      'thai tea mix|pul biber|relish|sweet pickle relish|ketchup|mustard|yellow mustard',
    ['gluten'],
  ],
  ['rice paper|rice paper wrapper|corn tortilla|rice noodle|rice vermicelli|vermicelli|polenta|cornmeal', []],
  ['wine|red wine|white wine|sherry|shaoxing wine|mirin|sake|rum|brandy|cognac|vodka|bourbon|port', []],
  ['peanut butter|almond butter|cashew butter|coconut milk|coconut cream|almond milk|oat milk|soy milk', []],
  ['butter bean|cocoa butter|vegan butter|dairy-free butter', []],
  // Plant foods and seasonings.
  [
    'salt|pepper|black pepper|white pepper|water|ice|oil|olive oil|vegetable oil|sunflower oil|rapeseed oil|' +
      'groundnut oil|neutral oil|sesame oil|coconut oil|avocado oil|sugar|caster sugar|icing sugar|brown sugar|' +
      'granulated sugar|muscovado sugar|demerara sugar|pearl sugar|palm sugar|maple syrup|golden syrup|agave|' +
      'molasses|treacle|vinegar|wine vinegar|red wine vinegar|white wine vinegar|cider vinegar|' +
      'apple cider vinegar|rice vinegar|sherry vinegar|balsamic vinegar|lemon|lime|orange|lemon juice|' +
      'lime juice|orange juice|zest|garlic|onion|red onion|shallot|spring onion|scallion|leek|chive|ginger|' +
      'chilli|chili|chile|jalapeño|scotch bonnet|scotch bonnet pepper|chipotle|chipotle in adobo|' +
      'chilli flake|chili flake|chilli powder|chili powder|cayenne|paprika|smoked paprika|cumin|coriander|' +
      'turmeric|cinnamon|nutmeg|clove|cardamom|cardamom pod|allspice|fenugreek|fennel|star anise|saffron|' +
      'bay|bay leaf|thyme|rosemary|oregano|basil|thai basil|parsley|mint|dill|sage|tarragon|cilantro|' +
      'kasoori methi|sumac|za’atar|juniper|juniper berry|peppercorn|sichuan peppercorn|mustard seed|' +
      'cumin seed|fenugreek seed|sesame|sesame seed|poppy seed|chia|chia seed|flaxseed|vanilla|' +
      'vanilla extract|vanilla pod|baking soda|bicarbonate of soda|bicarbonate|cream of tartar|yeast|' +
      'instant yeast|dried yeast|fresh yeast|cornflour|cornstarch|potato starch|tapioca|arrowroot|' +
      'cocoa|cocoa powder|chocolate|dark chocolate|tomato|cherry tomato|plum tomato|tomato purée|' +
      'tomato paste|passata|chopped tomato|potato|sweet potato|carrot|celery|celeriac|parsnip|turnip|' +
      'swede|beetroot|beet|radish|daikon|cabbage|red cabbage|savoy cabbage|cauliflower|broccoli|kale|' +
      'spinach|chard|collard green|green|lettuce|rocket|arugula|watercress|cucumber|courgette|zucchini|' +
      'aubergine|eggplant|squash|butternut squash|pumpkin|pepper|bell pepper|red pepper|green pepper|' +
      'mushroom|button mushroom|shiitake|shiitake mushroom|porcini|pea|green pea|frozen pea|bean|' +
      'green bean|black bean|kidney bean|cannellini bean|chickpea|lentil|red lentil|edamame|tofu|tempeh|' +
      'sweetcorn|corn|avocado|olive|black olive|kalamata olive|caper|artichoke|asparagus|okra|' +
      'bean sprout|pak choi|bok choy|seaweed|wakame|nori|kimchi|pickled ginger|pickled daikon|' +
      'apple|pear|banana|mango|pineapple|peach|apricot|plum|cherry|grape|raisin|sultana|currant|' +
      'date|medjool date|fig|prune|cranberry|berry|strawberry|raspberry|blueberry|blackberry|' +
      'rhubarb|pomegranate|coconut|desiccated coconut|passion fruit|kiwi|melon|watermelon|' +
      'redcurrant jelly|apricot jam|jam|almond|walnut|pecan|hazelnut|cashew|pistachio|peanut|' +
      'pine nut|macadamia|nut|tahini|rice|basmati rice|jasmine rice|arborio rice|short-grain rice|' +
      'sushi rice|quinoa|buckwheat|millet|amchur|mango powder|tamarind|harissa|sriracha|hot sauce|' +
      'cayenne pepper hot sauce|tabasco|salsa|pesto|basil pesto|coffee|espresso|tea|black tea|' +
      'green tea|matcha|sambal|bouquet garni|farofa|lemongrass|galangal|kaffir lime leaf|lime leaf|' +
      'aleppo pepper|biber salçası|red pepper paste|yuzu|agar|nutritional yeast|stock pot',
    [],
  ],
];

/** Bump when FOODS or BREAKS change: stored recipes whose diets were read by an older table are read again. */
export const DIET_RULES_VERSION = 1;

/** Words that describe a food rather than name it: they may sit around a known name. */
const DESCRIPTIVE = new Set(
  (
    'fresh freshly ground large small medium big extra very ripe finely roughly chopped diced sliced minced ' +
    'grated crushed thick thin thickly thinly skinless boneless skin-on bone-in day-old extra-virgin virgin ' +
    'whole good quality red green white black yellow brown dark light hot cold warm soft softened unsalted ' +
    'salted plain mild dry dried cooked uncooked raw frozen beaten peeled halved packed heaped level few ' +
    'some about smoked toasted roasted flaky fine coarse sea kosher pitted tinned canned firm silken ' +
    'baby mini mixed sweet sweetened unsweetened strong short long tart old-fashioned young lean a of ' +
    'in and or with cut into piece pieces bite-sized x sachet tin tins can cans jar sprig sprigs bunch ' +
    'handful leaves leaf stalk stalks clove cloves head heads rinsed drained trimmed seeded deseeded ' +
    'shredded lukewarm boiling room temperature natural english japanese thai greek italian french ' +
    'spanish turkish kashmiri mexican chinese korean indian neutral fat-free low-fat full-fat organic ' +
    'cm mm inch oz lb g kg ml fillet stick shell sheet slice rasher block thread floury waxy flat-leaf plus ' +
    'king sushi-grade cube blue aluminum-free cooking chestnut flat wide elbow hard-boiled well-fermented ' +
    'bunched shelled thawed ice-cold cos little gem romaine iceberg roma puy back semisweet rustic ' +
    'extra-firm fire-roasted refried ahi belly shoulder shin leg split crumbled slit lengthways snipped ' +
    'broken regular crusty steamed crispy low-sodium loose-leaf butterhead glutinous sticky bittersweet ' +
    'tablet smooth crunchy pale lebanese hungarian canadian bag brine whole-milk long-grain'
  ).split(' '),
);

const food = new Map<string, Trait[]>();
for (const [names, traits] of FOODS) for (const name of names.split('|')) food.set(name, traits);
const LONGEST = Math.max(...[...food.keys()].map((k) => k.split(' ').length));

function words(text: string): string[] {
  return [...text.toLowerCase().matchAll(/[\p{L}]+(?:['’-][\p{L}]+)*/gu)].map((m) => singular(m[0]));
}

/**
 * What one food name contains, or null when a word in it is not part of a known food or a
 * descriptive word: unknown.
 */
function traitsOfName(name: string): Set<Trait> | null {
  const list = words(name);
  const traits = new Set<Trait>();
  let known = false;
  for (let i = 0; i < list.length;) {
    let step = 0;
    for (let n = Math.min(LONGEST, list.length - i); n >= 1 && !step; n--) {
      const found = food.get(list.slice(i, i + n).join(' '));
      if (!found) continue;
      step = n;
      known = true;
      for (const t of found) traits.add(t);
    }
    if (!step) {
      if (!DESCRIPTIVE.has(list[i]!)) return null;
      step = 1;
    }
    i += step;
  }
  return known ? traits : null;
}

/** The food names of a line: the part to buy, each alternative of "a or b" on its own. */
function lineFoods(line: string): string[] {
  // The comma ends the name ("onion, chopped"), except between describing words ("boneless, skinless").
  const item =
    ingredientToItem(line.replace(/(\w+),\s+(?=skinless|boneless|skin-on|bone-in)/gi, '$1 '), 1, null)
      ?.ingredient ?? line;
  return item
    .replace(/\([^)]*\)/g, ' ')
    .replace(
      /\b(?:to taste|to serve|to garnish|to decorate|for [a-z-]+(?: [a-z-]+)?|optional|such as .*)$/gi,
      ' ',
    )
    .replace(/[\d½¼¾⅓⅔⅛/⁄.%]+/g, ' ')
    .split(/\s+(?:or|and|&|plus)\s+/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What a line contains; null when any food in it is unknown. */
export function lineTraits(line: string): Set<Trait> | null {
  const foods = lineFoods(line);
  if (foods.length === 0) return null;
  const all = new Set<Trait>();
  for (const name of foods) {
    const traits = traitsOfName(name);
    if (!traits) return null;
    for (const t of traits) all.add(t);
  }
  return all;
}

/** The diets every line suits, in DIETS order; none when a line is unknown. */
export function dietsOf(lines: readonly string[]): Diet[] {
  if (lines.length === 0) return [];
  const traits = new Set<Trait>();
  for (const line of lines) {
    const found = lineTraits(line);
    if (!found) return [];
    for (const t of found) traits.add(t);
  }
  return DIETS.filter((diet) => BREAKS[diet].every((t) => !traits.has(t)));
}
