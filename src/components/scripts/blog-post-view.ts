// A blog post's view beacon: once the post has been on screen for a moment (not a tab opened in
// the background, not a prerender), one POST tells the server; the server counts each visitor
// once a day and ignores robots, so reloading or coming back does not inflate the count.

/** How long the post must be visible before it counts as read. */
const SEEN_MS = 1500;

export function countPostViewWhenSeen(): void {
  const slug = document.querySelector<HTMLElement>('[data-post-view]')?.dataset.postView;
  if (!slug) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    document.removeEventListener('visibilitychange', watch);
    void fetch(`/api/blog/posts/${encodeURIComponent(slug)}/view`, {
      method: 'POST',
      credentials: 'same-origin',
    }).catch(() => {
      // A view that could not be counted is not worth telling the reader about.
    });
  };
  function watch(): void {
    if (document.visibilityState === 'visible') timer ??= setTimeout(send, SEEN_MS);
    else {
      clearTimeout(timer);
      timer = undefined;
    }
  }
  document.addEventListener('visibilitychange', watch);
  watch();
}
