import { atom, onMount } from 'nanostores';
import { api, ApiRequestError } from '../lib/api/client.ts';
import type { ChangePasswordInput, LoginInput, SessionUser, SignupInput } from '../lib/schemas/user.ts';
import { mayBeSignedIn } from '../lib/session-hint.ts';

// Who is signed in: unknown while loading, then a user or null.
// The user is fetched when the first island subscribes and again whenever the window regains
// focus (always treated as stale), with one retry; any failure other than 401 counts as anonymous.

export type { SessionUser };

/** undefined = still loading; null = anonymous; otherwise the signed-in user. */
export const $user = atom<SessionUser | null | undefined>(undefined);

type LogoutHook = () => void;
const logoutHooks = new Set<LogoutHook>();

/**
 * Registers a function that forgets a store's per-user data (saved recipes, shopping list,
 * calorie entries...). Called on logout and whenever the signed-in user changes or disappears.
 * Returns an unregister function.
 */
export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

function runLogoutHooks(): void {
  for (const hook of logoutHooks) {
    try {
      hook();
    } catch (err) {
      console.error('[session] a logout hook failed:', err);
    }
  }
}

/** Sets the user; leaving a user (logout, expiry, another account) clears every cached user datum. */
function setUser(next: SessionUser | null): void {
  const previous = $user.get();
  if (previous && previous.id !== next?.id) runLogoutHooks();
  $user.set(next);
  rememberUser(next);
}

/**
 * The user last seen signed in on this device, for when the network is off: the saved recipes,
 * the shopping list (its device copy and offline queue) stay usable offline. The server still
 * checks every request when they sync.
 */
const LAST_USER_KEY = 'forkful:last-user';

function rememberUser(user: SessionUser | null | undefined): void {
  if (user === undefined) return;
  try {
    if (user) globalThis.localStorage?.setItem(LAST_USER_KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(LAST_USER_KEY);
  } catch {
    // Not remembered: offline, this device shows the signed-out view.
  }
}

function rememberedUser(): SessionUser | null {
  try {
    const saved = globalThis.localStorage?.getItem(LAST_USER_KEY);
    return saved ? (JSON.parse(saved) as SessionUser) : null;
  } catch {
    return null;
  }
}

const ME = '/api/auth/me' as const;
let inFlight: Promise<SessionUser | null> | undefined;

async function fetchMe(): Promise<SessionUser | null> {
  // Never signed in on this browser (no readable hint cookie): anonymous without a 401 request.
  if (!mayBeSignedIn()) return null;
  try {
    return await api.get(ME);
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) return null;
    // One retry for anything else (network hiccup, 5xx); a second failure means anonymous, or,
    // when the network is off, the user last seen on this device.
    try {
      return await api.get(ME);
    } catch (again) {
      return again instanceof ApiRequestError ? null : rememberedUser();
    }
  }
}

/** Fetches the current user now (calls made while one is running share it). */
export function refreshUser(): Promise<SessionUser | null> {
  inFlight ??= fetchMe()
    .then((user) => {
      setUser(user);
      return user;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

onMount($user, () => {
  // Astro renders islands at build time too: there is no session (and no window) to ask about.
  if (typeof window === 'undefined') return;
  void refreshUser();
  const onFocus = () => void refreshUser();
  window.addEventListener('focus', onFocus);
  return () => window.removeEventListener('focus', onFocus);
});

/** Logs in; resolves to the user or rejects with the server's ApiRequestError. */
export async function login(input: LoginInput): Promise<SessionUser> {
  const user = await api.post('/api/auth/login', { body: input });
  setUser(user);
  return user;
}

/** Creates an account and signs it in. */
export async function signup(input: SignupInput): Promise<SessionUser> {
  const user = await api.post('/api/auth/signup', { body: input });
  setUser(user);
  return user;
}

/**
 * Logs out everywhere (the server bumps the session version). The page forgets the user and all
 * cached user data even when the request fails, so nothing personal stays on screen; the error
 * is rethrown for the caller to report.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } finally {
    $user.set(null);
    rememberUser(null);
    runLogoutHooks();
  }
}

/** Changes the password; other browsers are signed out, this one gets a fresh session. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/api/auth/change-password', { body: input });
}
