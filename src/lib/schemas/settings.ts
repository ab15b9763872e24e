import * as v from 'valibot';
import { defaultSettings } from '../site-defaults.ts';
import { isUrlOrPath } from './fields.ts';

// Site settings: what GET /api/settings answers and PUT /api/settings takes. PUT may send the
// whole object or part of it: a field left out keeps its saved value (the server merges before
// this schema checks), and the answer is the whole settings object. Where nothing is saved (a
// content import without a field) a field left out gets its default: comments and newsletter
// on, privacy link /privacy, terms link /terms, description 'Delicious recipes for every occasion'.

export const SettingsSchema = v.object({
  siteName: v.string(),
  siteUrl: v.string(),
  contactEmail: v.string(),
  enableComments: v.boolean(),
  enableNewsletter: v.boolean(),
  enableAnalytics: v.boolean(),
  analyticsId: v.string(),
  googleAnalyticsId: v.string(),
  siteTitle: v.string(),
  siteDescription: v.string(),
  footerText: v.string(),
  privacyLink: v.string(),
  termsLink: v.string(),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

/** The defaults of a field the PUT leaves out (siteUrl: the site's own origin, filled in by the server). */
export const SETTINGS_DEFAULTS: Settings = defaultSettings('');

const text = (name: string, max: number, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(`${name} must be text`),
      v.trim(),
      v.nonEmpty(`${name} is required`),
      v.maxLength(max, `${name}: at most ${max} characters`),
    ),
    fallback,
  );
const optionalText = (name: string, max: number, fallback: string) =>
  v.optional(v.pipe(v.string(`${name} must be text`), v.trim(), v.maxLength(max)), fallback);
const flag = (name: string, fallback: boolean) =>
  v.optional(v.boolean(`${name} must be true or false`), fallback);
const link = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string('Must be a valid URL'),
      v.trim(),
      v.nonEmpty('Must be a valid URL'),
      v.check(isUrlOrPath, 'Must be a valid URL'),
    ),
    fallback,
  );
const measurementId = v.optional(
  v.pipe(
    v.string('Must be text'),
    v.trim(),
    v.maxLength(40),
    v.regex(/^[A-Za-z0-9-]*$/, 'Must be a measurement id like G-XXXXXXX'),
  ),
  '',
);

export const SettingsInputSchema = v.pipe(
  v.object(
    {
      siteName: text('Site name', 80, SETTINGS_DEFAULTS.siteName),
      siteUrl: v.optional(
        v.pipe(
          v.string('Must be a valid URL'),
          v.trim(),
          v.check((s) => /^https?:\/\/[^\s/]+/.test(s) && isUrlOrPath(s), 'Must be a valid URL'),
          v.transform((s) => s.replace(/\/+$/, '')),
        ),
      ),
      contactEmail: v.optional(
        v.pipe(
          v.string('Invalid email address'),
          v.trim(),
          v.email('Invalid email address'),
          v.maxLength(254),
        ),
        SETTINGS_DEFAULTS.contactEmail,
      ),
      enableComments: flag('Comments', SETTINGS_DEFAULTS.enableComments),
      enableNewsletter: flag('Newsletter', SETTINGS_DEFAULTS.enableNewsletter),
      enableAnalytics: flag('Analytics', SETTINGS_DEFAULTS.enableAnalytics),
      analyticsId: measurementId,
      googleAnalyticsId: measurementId,
      siteTitle: text('Site title', 120, SETTINGS_DEFAULTS.siteTitle),
      siteDescription: text('Site description', 300, SETTINGS_DEFAULTS.siteDescription),
      footerText: optionalText('Footer text', 500, SETTINGS_DEFAULTS.footerText),
      privacyLink: link(SETTINGS_DEFAULTS.privacyLink),
      termsLink: link(SETTINGS_DEFAULTS.termsLink),
    },
    'Expected a settings object',
  ),
);
export type SettingsInput = v.InferInput<typeof SettingsInputSchema>;
export type SettingsInputValues = v.InferOutput<typeof SettingsInputSchema>;
