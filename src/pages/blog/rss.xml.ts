import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { blogPosts, settings as loadSettings } from '../../data/site-content.ts';

// /blog/rss.xml: the blog as an RSS 2.0 feed, newest first; every page links it from <head>.

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:8888');
  const [posts, settings] = await Promise.all([blogPosts(), loadSettings()]);
  return rss({
    title: `${settings.siteName} blog`,
    description: `Articles from the ${settings.siteName} kitchen: techniques, ingredients and seasonal cooking.`,
    site: origin,
    // Links as the site writes them (canonical URLs have no trailing slash).
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      link: `/blog/${post.slug}`,
      pubDate: new Date(post.createdAt),
      description: post.excerpt || post.title,
      ...(post.category ? { categories: [post.category.name] } : {}),
    })),
    customData: '<language>en</language>',
  });
};
