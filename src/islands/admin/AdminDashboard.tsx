import { lazy, Suspense, useEffect, useState, type ComponentType, type KeyboardEvent } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { logout } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import PublishStatusBadge from './shared/PublishStatusBadge.tsx';
import { TabActiveContext } from './shared/tab-active.ts';
import { ADMIN_TABS, hashForTab, isAdminUser, tabForKey, tabFromHash, type AdminTabId } from './tabs.ts';

// The /admin page's one island: 'Login Required' for visitors,
// 'Admin Access Required' for other users, and for the admin its tabs as a WAI-ARIA
// tab list (arrow keys, Home, End; the open tab in the URL hash). Each tab's module loads when it
// is first opened. All data comes from the API after hydration; the prebuilt page holds only the
// loading state, so nothing can be typed before the island is live.

const AuthDialog = lazy(() => import('../auth/AuthDialog.tsx'));

// The AI Generator tab is another engineer's module: loaded when it exists in the tree.
const generatorModules = import.meta.glob<{ default: ComponentType }>('./generator/GeneratorTab.tsx');
const loadGenerator = Object.values(generatorModules)[0];

function GeneratorUnavailable() {
  return (
    <div className="card p-6">
      <p>The AI generator is not available on this server yet.</p>
    </div>
  );
}

const TAB_COMPONENTS: Record<AdminTabId, ComponentType> = {
  recipes: lazy(() => import('./recipes/RecipesTab.tsx')),
  generator: loadGenerator ? lazy(loadGenerator) : GeneratorUnavailable,
  categories: lazy(() => import('./categories/CategoriesTab.tsx')),
  pages: lazy(() => import('./pages/PagesTab.tsx')),
  blog: lazy(() => import('./blog/BlogTab.tsx')),
  subscribers: lazy(() => import('./subscribers/SubscribersTab.tsx')),
  cache: lazy(() => import('./cache/CacheTab.tsx')),
  settings: lazy(() => import('./settings/SettingsTab.tsx')),
  password: lazy(() => import('./password/PasswordTab.tsx')),
};

export default function AdminDashboard() {
  const user = useSessionUser();

  if (user === undefined) return <Loading text="Checking your session…" />;
  if (user === null) return <LoginRequired />;
  if (!isAdminUser(user)) return <AdminAccessRequired username={user.username} />;
  return <Dashboard />;
}

function Loading({ text }: { text: string }) {
  return (
    <div className="card p-8" aria-busy="true">
      <p className="muted">{text}</p>
    </div>
  );
}

function LoginRequired() {
  const [open, setOpen] = useState(false);
  return (
    <div className="card mx-auto max-w-lg p-8 text-center">
      <h2 className="font-serif text-2xl font-bold">Login Required</h2>
      <p className="muted mt-2">Log in as the admin to manage recipes, pages and settings.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
          Login
        </button>
        <a href="/" className="btn-ghost">
          Back to Home
        </a>
      </div>
      {open && (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}

function AdminAccessRequired({ username }: { username: string }) {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await logout();
      showToast({ title: 'Logged out', description: 'See you next time!' });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not log out.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card mx-auto max-w-lg p-8 text-center" data-admin-gate="forbidden">
      <h2 className="font-serif text-2xl font-bold">Admin Access Required</h2>
      <p className="muted mt-2">
        You are logged in as <strong>{username}</strong>, which is not the admin account. Log out, then log
        back in as admin to use the dashboard.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => void signOut()} disabled={busy}>
          Log out
        </button>
        <a href="/" className="btn-ghost">
          Back to Home
        </a>
      </div>
    </div>
  );
}

function Dashboard() {
  const [tab, setTab] = useState<AdminTabId>(() => tabFromHash(window.location.hash));
  // Tabs opened once stay mounted (hidden), so switching back keeps a half-filled form.
  const [visited, setVisited] = useState<ReadonlySet<AdminTabId>>(() => new Set([tab]));

  useEffect(() => {
    const onHash = () => select(tabFromHash(window.location.hash), false);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const select = (next: AdminTabId, updateUrl = true) => {
    setTab(next);
    setVisited((v) => (v.has(next) ? v : new Set([...v, next])));
    if (updateUrl) {
      const url = `${window.location.pathname}${window.location.search}${hashForTab(next)}`;
      window.history.replaceState(null, '', url);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabForKey(tab, event.key);
    if (!next) return;
    event.preventDefault();
    select(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };

  return (
    <div data-admin-dashboard>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PublishStatusBadge />
        <a href="/" className="link text-sm">
          View site
        </a>
      </div>
      <div
        role="tablist"
        aria-label="Dashboard sections"
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-stone-200 px-1 pb-px dark:border-night-line"
      >
        {ADMIN_TABS.map((t) => {
          const selected = t.id === tab;
          return (
            <button
              key={t.id}
              id={`admin-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`admin-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(t.id)}
              onKeyDown={onKeyDown}
              className={`-mb-px min-h-11 whitespace-nowrap rounded-t-xl border-b-2 px-4 py-2 text-sm font-semibold ${
                selected
                  ? 'border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {ADMIN_TABS.map((t) => {
        if (!visited.has(t.id)) return null;
        const Panel = TAB_COMPONENTS[t.id];
        return (
          <div
            key={t.id}
            id={`admin-panel-${t.id}`}
            role="tabpanel"
            aria-labelledby={`admin-tab-${t.id}`}
            tabIndex={0}
            hidden={t.id !== tab}
            className="pt-6 focus-visible:outline-none"
          >
            <TabActiveContext value={t.id === tab}>
              <Suspense fallback={<Loading text="Loading…" />}>
                <Panel />
              </Suspense>
            </TabActiveContext>
          </div>
        );
      })}
    </div>
  );
}
