// The analytics loader, on pages whose build found analytics switched on
// (Analytics.astro). With a GA4 measurement id it loads gtag.js, reports the page view, and
// reports it again when the page comes back from the back-forward cache (no new load happens
// then, so gtag would not count it); with anything else it warns once and loads nothing.
// Self-contained (no imports), so a test can run it as it is.

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

/** Starts the tracker for `id`; returns false (after a console warning) when `id` is not a G- id. */
export function startAnalytics(id: string, origin = 'https://www.googletagmanager.com'): boolean {
  if (!/^G-[A-Z0-9]+$/i.test(id)) {
    console.warn(
      `Analytics is switched on, but "${id}" is not a Google Analytics 4 measurement id (it must start with G-): no tracker was loaded.`,
    );
    return false;
  }
  const w: AnalyticsWindow = window as typeof window & AnalyticsWindow;
  const dataLayer = (w.dataLayer ??= []);
  // gtag.js reads the arguments objects it is given, as its own snippet pushes them.
  const gtag: Gtag = function () {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  w.gtag = gtag;
  gtag('js', new Date());
  // Page views are sent by hand: once now, and again on every return from the back-forward cache.
  gtag('config', id, { send_page_view: false });
  const report = () =>
    gtag('event', 'page_view', {
      page_location: location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  report();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) report();
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${origin}/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
  return true;
}
