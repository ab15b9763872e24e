import * as v from 'valibot';

// SPEC §5 rules of the page, blog post, blog category and footer forms ('… is required'; social
// fields are URLs), checked in the browser before sending; the API applies the same rules.

const required = (label: string, max: number) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max));
const slug = v.pipe(
  v.string('Slug is required'),
  v.trim(),
  v.nonEmpty('Slug is required'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens'),
);
const url = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (s) => s === '' || s === '#' || s.startsWith('/') || /^https?:\/\/\S+$/.test(s),
    'Must be a valid URL',
  ),
);

export const PageFormSchema = v.object({
  title: required('Title', 200),
  slug,
  content: required('Content', 100_000),
  isPublished: v.boolean(),
});

export const PostFormSchema = v.object({
  title: required('Title', 200),
  slug,
  content: required('Content', 200_000),
  excerpt: v.pipe(v.string(), v.maxLength(600)),
  image: url,
  categoryId: v.nullable(v.number()),
  isPublished: v.boolean(),
});

export const BlogCategoryFormSchema = v.object({
  name: required('Name', 80),
  slug,
  description: v.pipe(v.string(), v.maxLength(600)),
});

export const FooterFormSchema = v.object({
  companyName: required('Company name', 80),
  tagline: required('Tagline', 200),
  copyright: required('Copyright', 200),
  links: v.object({ privacy: url, terms: url }),
  social: v.object({ facebook: url, twitter: url, instagram: url, youtube: url }),
});
