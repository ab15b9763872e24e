import * as v from 'valibot';
import {
  DOCUMENT_MISSING,
  documentEntries,
  isUrlOrPath,
  optionalText,
  requiredText,
  timestampEntries,
} from './fields.ts';
import { objectMessage } from './messages.ts';

// Static pages: the public shape, the admin's input (POST/PUT /api/pages:
// title, slug and content required; a new page is published by default), and
// the footer page's JSON content with the footer form's rules.

export const PageSchema = v.object({
  id: v.number(),
  title: v.string(),
  slug: v.string(),
  description: v.string(),
  content: v.string(),
  isPublished: v.boolean(),
  ...timestampEntries,
});
export type Page = v.InferOutput<typeof PageSchema>;

/** The slug of the page whose content is the footer's JSON. */
export const FOOTER_SLUG = 'footer';

export const PageInputSchema = v.object(
  {
    ...documentEntries,
    description: optionalText(300),
    isPublished: v.optional(v.boolean('Must be true or false'), true),
  },
  objectMessage(DOCUMENT_MISSING),
);
export type PageInput = v.InferInput<typeof PageInputSchema>;
export type PageInputValues = v.InferOutput<typeof PageInputSchema>;

const socialUrl = v.optional(
  v.pipe(
    v.nullable(v.string('Must be a valid URL')),
    v.transform((s) => (s ?? '').trim()),
    // '#' is the footer's own placeholder for "no link".
    v.check((s) => s === '#' || isUrlOrPath(s), 'Must be a valid URL'),
  ),
  '',
);

const FOOTER_MISSING = {
  companyName: 'Company name is required',
  tagline: 'Tagline is required',
  copyright: 'Copyright is required',
};

/** The footer form: company name, copyright and tagline required; social links are URLs. */
export const FooterContentSchema = v.object(
  {
    companyName: requiredText(FOOTER_MISSING.companyName, 120),
    tagline: requiredText(FOOTER_MISSING.tagline, 300),
    copyright: requiredText(FOOTER_MISSING.copyright, 300),
    links: v.optional(v.object({ privacy: socialUrl, terms: socialUrl }, 'Links must be an object'), {
      privacy: '',
      terms: '',
    }),
    social: v.optional(
      v.object(
        { facebook: socialUrl, twitter: socialUrl, instagram: socialUrl, youtube: socialUrl },
        'Social links must be an object',
      ),
      { facebook: '', twitter: '', instagram: '', youtube: '' },
    ),
  },
  objectMessage(FOOTER_MISSING),
);
export type FooterContentInput = v.InferInput<typeof FooterContentSchema>;
export type FooterContentValues = v.InferOutput<typeof FooterContentSchema>;
