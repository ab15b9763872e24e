// Breadcrumb trails: the visible bar (Breadcrumbs.astro) and its BreadcrumbList JSON-LD.

export interface Crumb {
  name: string;
  /** Site-relative path; the last crumb (the current page) may omit it. */
  href?: string;
}

/** schema.org BreadcrumbList for a trail; `pageUrl` is the current page's canonical URL. */
export function breadcrumbJsonLd(trail: Crumb[], site: URL, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.href ? new URL(crumb.href, site).toString() : pageUrl,
    })),
  };
}
