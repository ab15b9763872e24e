// Google's Recipe structured-data checklist as code: every
// problem found in one Recipe JSON-LD object, as sentences. An empty list means it passes.

type Json = Record<string, unknown>;

/** ISO 8601 duration such as PT1H30M or P1D (no ranges, no free text). */
const DURATION = /^P(?=\d|T\d)(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;
/** ISO 8601 date or date-time. */
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const STEP_LABEL = /^\s*step\s*\d+\b/i;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isAbsoluteUrl = (v: unknown) => nonEmptyString(v) && /^https?:\/\/[^\s]+$/.test(v);
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));

function imageUrls(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (isObject(item) ? item.url : item));
}

function checkStep(step: Json, where: string, problems: string[]): void {
  if (step['@type'] !== 'HowToStep') {
    problems.push(`${where} is a ${String(step['@type'])}, not a HowToStep`);
    return;
  }
  if (!nonEmptyString(step.text)) problems.push(`${where} has no text`);
  else if (STEP_LABEL.test(step.text)) problems.push(`${where} text starts with a "Step N" label`);
  if (step.name !== undefined && (!nonEmptyString(step.name) || STEP_LABEL.test(step.name)))
    problems.push(`${where} has "Step N" (or nothing) as its name`);
}

/** Every checklist problem of a Recipe JSON-LD object. */
export function recipeJsonLdProblems(ld: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(ld)) return ['JSON-LD is not an object'];
  if (ld['@type'] !== 'Recipe') problems.push(`@type is ${String(ld['@type'])}, not Recipe`);

  // Required.
  if (!nonEmptyString(ld.name)) problems.push('name is missing');
  const images = ld.image === undefined ? [] : imageUrls(ld.image);
  if (images.length === 0) problems.push('image is missing');
  else if (!images.every(isAbsoluteUrl)) problems.push('every image must be an absolute http(s) URL');

  // Recommended.
  const author = ld.author;
  if (
    !isObject(author) ||
    !['Person', 'Organization'].includes(String(author['@type'])) ||
    !nonEmptyString(author.name)
  )
    problems.push('author must be a Person or Organization with a name');
  if (!nonEmptyString(ld.datePublished) || !DATE.test(ld.datePublished))
    problems.push('datePublished must be an ISO 8601 date');
  if (!nonEmptyString(ld.description)) problems.push('description is missing');

  const hasPrep = ld.prepTime !== undefined;
  const hasCook = ld.cookTime !== undefined;
  if (hasPrep !== hasCook) problems.push('prepTime and cookTime must be given together');
  if (!hasPrep && ld.totalTime === undefined) problems.push('give prepTime and cookTime, or totalTime');
  for (const key of ['prepTime', 'cookTime', 'totalTime'] as const) {
    const value = ld[key];
    if (value !== undefined && (typeof value !== 'string' || !DURATION.test(value)))
      problems.push(`${key} must be an ISO 8601 duration (got ${JSON.stringify(value)})`);
  }

  const yieldList = Array.isArray(ld.recipeYield)
    ? ld.recipeYield
    : ld.recipeYield === undefined
      ? []
      : [ld.recipeYield];
  const nutrition = ld.nutrition;
  if (isObject(nutrition) && nutrition.calories !== undefined) {
    if (yieldList.length === 0) problems.push('recipeYield is required when nutrition per serving is given');
    if (!nonEmptyString(nutrition.calories) || !/^\d+(?:\.\d+)? calories$/.test(nutrition.calories))
      problems.push('nutrition.calories must read like "270 calories"');
  } else {
    problems.push('nutrition.calories is missing');
  }
  if (yieldList.length > 0 && !/^\d+$/.test(String(yieldList[0])))
    problems.push('recipeYield must start with the number of servings as a bare number');

  if (!Array.isArray(ld.recipeIngredient) || ld.recipeIngredient.length === 0)
    problems.push('recipeIngredient is missing');
  else if (!ld.recipeIngredient.every(nonEmptyString))
    problems.push('every recipeIngredient must be a non-empty string');

  if (!Array.isArray(ld.recipeInstructions) || ld.recipeInstructions.length === 0) {
    problems.push('recipeInstructions is missing');
  } else {
    ld.recipeInstructions.forEach((item: unknown, i) => {
      const where = `recipeInstructions[${i}]`;
      if (!isObject(item)) return problems.push(`${where} is not a HowToStep or HowToSection`);
      if (item['@type'] === 'HowToSection') {
        if (!nonEmptyString(item.name)) problems.push(`${where} (HowToSection) has no name`);
        const steps = item.itemListElement;
        if (!Array.isArray(steps) || steps.length === 0)
          problems.push(`${where} (HowToSection) has no steps`);
        else
          steps.forEach((step: unknown, j) =>
            isObject(step)
              ? checkStep(step, `${where}.itemListElement[${j}]`, problems)
              : problems.push(`${where}.itemListElement[${j}] is not a HowToStep`),
          );
        return undefined;
      }
      checkStep(item, where, problems);
      return undefined;
    });
  }

  if (!nonEmptyString(ld.recipeCategory)) problems.push('recipeCategory is missing');
  if (!nonEmptyString(ld.recipeCuisine)) problems.push('recipeCuisine is missing');
  if (ld.keywords !== undefined) {
    if (!nonEmptyString(ld.keywords)) problems.push('keywords must be a comma-separated string');
    else {
      const reserved = new Set([ld.recipeCategory, ld.recipeCuisine].filter(nonEmptyString).flatMap(words));
      const repeated = ld.keywords
        .split(',')
        .map((k) => k.trim())
        .filter((k) => words(k).some((w) => reserved.has(w)));
      if (repeated.length) problems.push(`keywords repeat the category or cuisine: ${repeated.join(', ')}`);
    }
  }

  if (ld.aggregateRating !== undefined) {
    const rating = ld.aggregateRating;
    if (!isObject(rating)) problems.push('aggregateRating is not an object');
    else {
      const value = Number(rating.ratingValue);
      if (!/^\d+(?:\.\d+)?$/.test(String(rating.ratingValue)) || value < 1 || value > 5)
        problems.push('aggregateRating.ratingValue must be a number from 1 to 5 with a dot decimal');
      const count = Number(rating.reviewCount ?? rating.ratingCount);
      if (!(count >= 1)) problems.push('aggregateRating needs a ratingCount or reviewCount of at least 1');
    }
  }

  if (ld.video !== undefined) {
    const video = ld.video;
    if (!isObject(video)) problems.push('video is not an object');
    else {
      if (!nonEmptyString(video.name)) problems.push('video.name is missing');
      const thumbs = video.thumbnailUrl === undefined ? [] : imageUrls(video.thumbnailUrl);
      if (thumbs.length === 0 || !thumbs.every(isAbsoluteUrl)) problems.push('video.thumbnailUrl is missing');
      if (!nonEmptyString(video.uploadDate) || !DATE.test(video.uploadDate))
        problems.push('video.uploadDate must be an ISO 8601 date');
      if (!isAbsoluteUrl(video.contentUrl) && !isAbsoluteUrl(video.embedUrl))
        problems.push('video needs a contentUrl or an embedUrl');
      if (
        video.duration !== undefined &&
        (typeof video.duration !== 'string' || !DURATION.test(video.duration))
      )
        problems.push('video.duration must be an ISO 8601 duration');
    }
  }
  return problems;
}
