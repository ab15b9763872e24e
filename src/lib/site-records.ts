// The shapes of the non-recipe records the build reads from the database (db/queries/) and the
// pages get back from the content collections (src/data/site-content.ts).

/** A published static page (About, Privacy, ...); `content` is Markdown. */
export interface SitePage {
  id: number;
  slug: string;
  title: string;
  description: string;
  content: string;
  updatedAt: string;
}

/** A published blog post; `content` is Markdown. */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string | null;
  category: { name: string; slug: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
}

/** A review as a prebuilt recipe page shows it. */
export interface PublishedReview {
  id: number;
  username: string;
  rating: number;
  comment: string;
  createdAt: string;
  helpfulCount: number;
}

/** Reviews shown on a prebuilt recipe page (newest first), at most this many per recipe. */
export const REVIEWS_PER_PAGE = 10;
