// The product's defaults for the settings row and the footer, used by the seed and as fallbacks.

export const BRAND = 'Forkful';

export interface SiteSettings {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  enableComments: boolean;
  enableNewsletter: boolean;
  enableAnalytics: boolean;
  analyticsId: string;
  googleAnalyticsId: string;
  siteTitle: string;
  siteDescription: string;
  footerText: string;
  privacyLink: string;
  termsLink: string;
}

export function defaultSettings(siteUrl: string): SiteSettings {
  return {
    siteName: BRAND,
    siteUrl,
    contactEmail: 'hello@forkful.example',
    enableComments: true,
    enableNewsletter: true,
    enableAnalytics: false,
    analyticsId: '',
    googleAnalyticsId: '',
    siteTitle: `${BRAND} — Recipes for home cooks`,
    siteDescription: 'Delicious recipes for every occasion',
    footerText: '',
    privacyLink: '/privacy',
    termsLink: '/terms',
  };
}

/** The default legal links (/privacy, /terms) are short addresses that redirect (netlify.toml): pages link the pages themselves. */
const LEGAL_PAGES: Record<string, string> = { '/privacy': '/privacy-policy', '/terms': '/terms-of-service' };

/** Where a privacy or terms link from the settings leads: the page itself for the short defaults. */
export function legalLink(link: string): string {
  const trimmed = link.trim();
  return LEGAL_PAGES[trimmed] ?? trimmed;
}

export interface FooterContent {
  companyName: string;
  tagline: string;
  copyright: string;
  links: { privacy: string; terms: string };
  social: { facebook: string; twitter: string; instagram: string; youtube: string };
}

/** The footer when the footer page is missing or unparsable. */
export const DEFAULT_FOOTER: FooterContent = {
  companyName: BRAND,
  tagline: 'Making cooking easier, one recipe at a time.',
  copyright: `© ${new Date().getFullYear()} ${BRAND}. All rights reserved.`,
  links: { privacy: '/privacy-policy', terms: '/terms-of-service' },
  social: { facebook: '#', twitter: '#', instagram: '#', youtube: '#' },
};

/** Reads the footer page's JSON, filling gaps from the defaults (social links fall back to '#'). */
export function parseFooter(content: string | null | undefined): FooterContent {
  if (!content) return DEFAULT_FOOTER;
  let raw: Partial<FooterContent>;
  try {
    raw = JSON.parse(content) as Partial<FooterContent>;
    if (typeof raw !== 'object' || raw === null) return DEFAULT_FOOTER;
  } catch {
    return DEFAULT_FOOTER;
  }
  const str = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() ? value : fallback;
  const social = raw.social ?? ({} as Partial<FooterContent['social']>);
  const links = raw.links ?? ({} as Partial<FooterContent['links']>);
  return {
    companyName: str(raw.companyName, DEFAULT_FOOTER.companyName),
    tagline: str(raw.tagline, DEFAULT_FOOTER.tagline),
    copyright: str(raw.copyright, DEFAULT_FOOTER.copyright),
    links: {
      privacy: str(links.privacy, DEFAULT_FOOTER.links.privacy),
      terms: str(links.terms, DEFAULT_FOOTER.links.terms),
    },
    social: {
      facebook: str(social.facebook, '#'),
      twitter: str(social.twitter, '#'),
      instagram: str(social.instagram, '#'),
      youtube: str(social.youtube, '#'),
    },
  };
}

/** AI models offered by the generator (default gpt-4o). */
export const DEFAULT_AI_MODELS = [
  { id: 'gpt-4o', name: 'GPT-4o', costPer1kTokens: 0.005, isDefault: true },
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', costPer1kTokens: 0.0006, isDefault: false },
] as const;
