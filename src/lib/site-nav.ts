// The site's own pages as the header and the footer link them: one list, so a page added or renamed
// changes both.

export interface NavLink {
  href: string;
  label: string;
}

/** The main sections, in the header's and the footer's order. */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/recipes', label: 'Recipes' },
  { href: '/categories', label: 'Categories' },
  { href: '/search', label: 'Search' },
  { href: '/kitchen-helper', label: 'Kitchen Helper' },
];

/** The company pages (the header's Company menu; the footer adds the blog). */
export const COMPANY_LINKS: readonly NavLink[] = [
  { href: '/about-us', label: 'About Us' },
  { href: '/contact-us', label: 'Contact Us' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
];
