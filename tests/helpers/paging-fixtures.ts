import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { readRecipeFile, recipeFiles } from '../../db/seed.ts';
import { recipeToRow } from '../../db/mappers/recipe.ts';
import { ROOT } from './paths.ts';

// The sample content has at most 20 recipes in a category and 7 blog posts, all of it on one
// page of each list. The browser suites' server (global-setup-server.ts) adds these before it
// starts, so the paged lists have pages to test: Main Course gets 30 more recipes (50: pages of
// 24, 24 and 2, so a middle page with both neighbours and a short last page) and the Techniques
// blog category 11 more posts (13 there, 18 on /blog: two pages each). All are dated before
// the sample content, so the newest-first lists and the home page's first cards stay the same.

export const EXTRA_MAIN_COURSES = 30;
export const EXTRA_TECHNIQUE_POSTS = 11;

/** Variations of the sample main courses: each its own title, slug and description. */
function extraMainCourses() {
  const bases = recipeFiles(path.join(ROOT, 'content'))
    .map((file) => ({ slug: path.basename(file, '.json'), recipe: readRecipeFile(file) }))
    .filter(({ recipe }) => recipe.category === 'main-course');
  return Array.from({ length: EXTRA_MAIN_COURSES }, (_, i) => {
    const { slug, recipe } = bases[i % bases.length]!;
    const batch = Math.floor(i / bases.length) + 2;
    return recipeToRow(
      {
        ...recipe,
        title: `${recipe.title}, Batch-Cook Edition ${batch}`,
        description: `${recipe.description} Scaled for batch cooking (edition ${batch}).`,
        image: `/images/recipes/${slug}.webp`,
      },
      {
        slug: `${slug}-batch-cook-${batch}`,
        // Older than every sample recipe, a minute apart.
        createdAt: new Date(Date.UTC(2020, 0, 1, 12, i)).toISOString(),
      },
    );
  });
}

const TECHNIQUES = [
  ['Blanching Green Vegetables', 'blanch', 'keep beans and broccoli bright green and crisp'],
  ['Toasting Whole Spices', 'toast', 'wake up cumin, coriander and fennel seeds in a dry pan'],
  ['Making a Pan Sauce', 'deglaze', 'turn the browned bits in a skillet into a glossy sauce'],
  ['Poaching Eggs Without Fear', 'poach', 'get a set white and a runny yolk every time'],
  ['Caramelising Onions Slowly', 'caramelise', 'take onions from sharp to jammy over low heat'],
  ['Emulsifying a Vinaigrette', 'emulsify', 'hold oil and vinegar together with mustard'],
  ['Reverse Searing Thick Steaks', 'sear', 'cook gently first and brown at the very end'],
  ['Proofing Bread Dough', 'proof', 'read the dough instead of the clock'],
  ['Tempering Chocolate at Home', 'temper', 'get snap and shine with a thermometer'],
  ['Braising Tough Cuts', 'braise', 'turn shoulder and shin tender with low, wet heat'],
  ['Steaming Fish Gently', 'steam', 'keep delicate fillets moist over simmering water'],
] as const;

/** Adds the extra recipes and blog posts to a seeded database. */
export async function addPagingFixtures(db: Db): Promise<void> {
  await db.insertInto('recipes').values(extraMainCourses()).execute();
  const techniques = await db
    .selectFrom('blog_categories')
    .select('id')
    .where('slug', '=', 'techniques')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('blog_posts')
    .values(
      TECHNIQUES.slice(0, EXTRA_TECHNIQUE_POSTS).map(([title, verb, what], i) => {
        const date = new Date(Date.UTC(2020, 0, 1 + i, 9)).toISOString();
        return {
          slug: `technique-${verb}`,
          title,
          excerpt: `How to ${what}.`,
          content: `Learning to ${verb} well is about watching the food, not the recipe: here is how to ${what}.\n\n## What to look for\n\nWork in small batches, keep the heat steady and taste as you go.`,
          image: '/images/blog/understanding-salt.webp',
          category_id: techniques.id,
          is_published: true,
          created_at: date,
          updated_at: date,
        };
      }),
    )
    .execute();
}
