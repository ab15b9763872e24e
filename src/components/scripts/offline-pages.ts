// The offline page's list: the pages the service worker keeps (its page cache), each a link
// with the page's title as it was cached.

const PAGE_CACHE = 'forkful-pages';

async function titleOf(response: Response, fallback: string): Promise<string> {
  const html = await response.text();
  const match = /<title>([^<]*)<\/title>/.exec(html);
  const title = match?.[1]?.split(' | ')[0]?.trim();
  return title ? new DOMParser().parseFromString(title, 'text/html').body.textContent || fallback : fallback;
}

export async function listCachedPages(): Promise<void> {
  const list = document.querySelector<HTMLElement>('[data-offline-pages]');
  const none = document.querySelector<HTMLElement>('[data-offline-none]');
  if (!list || !none) return;
  const cache = 'caches' in window ? await caches.open(PAGE_CACHE) : undefined;
  const requests = cache ? await cache.keys() : [];
  const pages = await Promise.all(
    requests.map(async (request) => {
      const url = new URL(request.url);
      const response = await cache!.match(request);
      return {
        href: url.pathname + url.search,
        title: response ? await titleOf(response, url.pathname) : url.pathname,
      };
    }),
  );
  for (const page of pages.sort((a, b) => a.title.localeCompare(b.title))) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.className = 'link';
    link.href = page.href;
    link.textContent = page.title;
    item.append(link);
    list.append(item);
  }
  none.hidden = pages.length > 0;
}
