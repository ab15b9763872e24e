import type { SiteSettings } from '../../src/lib/site-defaults.ts';
import type { Db } from '../client.ts';

/** The settings row, or undefined before the seed wrote it. */
export async function siteSettings(db: Db): Promise<SiteSettings | undefined> {
  const s = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!s) return undefined;
  return {
    siteName: s.site_name,
    siteUrl: s.site_url,
    contactEmail: s.contact_email,
    enableComments: s.enable_comments,
    enableNewsletter: s.enable_newsletter,
    enableAnalytics: s.enable_analytics,
    analyticsId: s.analytics_id,
    googleAnalyticsId: s.google_analytics_id,
    siteTitle: s.site_title,
    siteDescription: s.site_description,
    footerText: s.footer_text,
    privacyLink: s.privacy_link,
    termsLink: s.terms_link,
  };
}
