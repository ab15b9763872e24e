import type { Insertable, Selectable } from 'kysely';
import type { SettingsTable } from '../schema.ts';
import type { Settings } from '../../src/lib/schemas/settings.ts';

// The settings row (id = 1) ↔ the site Settings (src/lib/schemas/settings.ts).

export function settingsFromRow(row: Selectable<SettingsTable>): Settings {
  return {
    siteName: row.site_name,
    siteUrl: row.site_url,
    contactEmail: row.contact_email,
    enableComments: row.enable_comments,
    enableNewsletter: row.enable_newsletter,
    enableAnalytics: row.enable_analytics,
    analyticsId: row.analytics_id,
    googleAnalyticsId: row.google_analytics_id,
    siteTitle: row.site_title,
    siteDescription: row.site_description,
    footerText: row.footer_text,
    privacyLink: row.privacy_link,
    termsLink: row.terms_link,
  };
}

/** The row's columns of the settings: for the first insert (with id 1) and for every update. */
export function settingsToRow(settings: Settings): Omit<Insertable<SettingsTable>, 'id'> {
  return {
    site_name: settings.siteName,
    site_url: settings.siteUrl,
    contact_email: settings.contactEmail,
    enable_comments: settings.enableComments,
    enable_newsletter: settings.enableNewsletter,
    enable_analytics: settings.enableAnalytics,
    analytics_id: settings.analyticsId,
    google_analytics_id: settings.googleAnalyticsId,
    site_title: settings.siteTitle,
    site_description: settings.siteDescription,
    footer_text: settings.footerText,
    privacy_link: settings.privacyLink,
    terms_link: settings.termsLink,
  };
}
