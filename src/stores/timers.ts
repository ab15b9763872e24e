import { atom, onMount } from 'nanostores';

// Kitchen timers: added paused, start/pause, reset, remove,
// one-second ticks, eight colours in turn. Beyond that, timers survive navigation and reloads:
// a running timer is stored as the moment it ends (localStorage), so the time left is always
// "end − now", however long the page was closed or the tab was throttled.

export interface KitchenTimer {
  id: string;
  name: string;
  /** Full length in seconds. */
  duration: number;
  /** Seconds left (whole seconds, rounded up). */
  remaining: number;
  running: boolean;
  /** One of TIMER_COLORS. */
  color: string;
  /** When a running timer reaches 0 (epoch ms); null while paused. */
  endsAt: number | null;
  /** Who made it: undefined for the kitchen helper, 'cook:{path}' for a cooking-mode step timer. */
  origin?: string;
}

/** The eight timer colours, given out in turn (each at least 3:1 against white, for the white play icon). */
export const TIMER_COLORS = [
  '#dc2626',
  '#ea580c',
  '#d97706',
  '#16a34a',
  '#0d9488',
  '#2563eb',
  '#7c3aed',
  '#db2777',
] as const;

/** The quick timers, in order (the floating panel shows the first four). */
export const QUICK_TIMERS = [
  { name: 'Boil Eggs', minutes: 8 },
  { name: 'Steep Tea', minutes: 3 },
  { name: 'Toast Bread', minutes: 2 },
  { name: 'Microwave', minutes: 1 },
  { name: 'Rest Dough', minutes: 30 },
  { name: 'Marinate', minutes: 60 },
] as const;

export const DEFAULT_TIMER_MINUTES = 5;
/** A day: anything longer is not a kitchen timer. */
export const MAX_TIMER_MINUTES = 24 * 60;
export const TICK_MS = 1000;

const STORAGE_KEY = 'forkful:timers';
const SOUND_KEY = 'forkful:timer-sound';

interface Saved {
  timers: KitchenTimer[];
  colorIndex: number;
}

/** All timers, oldest first. */
export const $timers = atom<KitchenTimer[]>([]);
/** Whether a finished timer beeps (default on). */
export const $timerSound = atom<boolean>(true);

let colorIndex = 0;
let idCounter = 0;
let loaded = false;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** An integer of at least 1 minute; non-numeric gives 1; capped at a day. */
export function timerMinutes(input: string | number): number {
  const value = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input).trim(), 10);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(value, MAX_TIMER_MINUTES);
}

/** An empty name becomes 'Timer {n}', n being the timer's place in the list. */
export function timerName(input: string, position: number): string {
  return input.trim().slice(0, 60) || `Timer ${position}`;
}

/** Seconds left at `now`: whole seconds, rounded up, never below 0. */
export function secondsLeft(
  timer: Pick<KitchenTimer, 'remaining' | 'endsAt' | 'running'>,
  now: number,
): number {
  if (!timer.running || timer.endsAt === null) return timer.remaining;
  return Math.max(0, Math.ceil((timer.endsAt - now) / 1000));
}

/** "4:05", or "1:02:03" from an hour up. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The spoken-alert marks (60, 30, 10 s and 0) passed between two readings of a timer. */
export const ALERT_SECONDS = [60, 30, 10] as const;
export function alertsCrossed(before: number, after: number): number[] {
  const marks: number[] = [...ALERT_SECONDS, 0];
  return marks.filter((mark) => before > mark && after <= mark);
}

type CompleteListener = (timer: KitchenTimer) => void;
const completeListeners = new Set<CompleteListener>();

/** Calls `listener` once for every timer that reaches 0 while this page is open. */
export function onTimerComplete(listener: CompleteListener): () => void {
  completeListeners.add(listener);
  return () => completeListeners.delete(listener);
}

function save(timers: KitchenTimer[]): void {
  const saved: Saved = { timers, colorIndex };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Private mode or a full quota: the timers still work on this page.
  }
}

function isTimer(value: unknown): value is KitchenTimer {
  const t = value as KitchenTimer | null;
  return (
    Boolean(t) &&
    typeof t!.id === 'string' &&
    typeof t!.name === 'string' &&
    Number.isFinite(t!.duration) &&
    Number.isFinite(t!.remaining) &&
    typeof t!.running === 'boolean' &&
    typeof t!.color === 'string' &&
    (t!.endsAt === null || Number.isFinite(t!.endsAt))
  );
}

/** A timer that ended while no page was open still alerts on the next page, if that is soon. */
const LATE_ALERT_MS = 5 * 60 * 1000;

/**
 * Reads saved timers, bringing each up to now; ones that ended while away are at 0 and paused,
 * and those that ended within LATE_ALERT_MS are returned as `finished` (they were never announced).
 */
function readSaved(now: number): { timers: KitchenTimer[]; colorIndex: number; finished: KitchenTimer[] } {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : undefined;
    const stored = Array.isArray(saved?.timers) ? saved.timers.filter(isTimer) : [];
    const finished: KitchenTimer[] = [];
    const timers = stored.map((t) => {
      const settled = settle(t, now);
      if (t.running && !settled.running && t.endsAt !== null && now - t.endsAt < LATE_ALERT_MS)
        finished.push(settled);
      return settled;
    });
    return {
      timers,
      colorIndex: Number.isInteger(saved?.colorIndex) ? saved!.colorIndex! : timers.length,
      finished,
    };
  } catch {
    return { timers: [], colorIndex: 0, finished: [] };
  }
}

function settle(timer: KitchenTimer, now: number): KitchenTimer {
  const remaining = secondsLeft(timer, now);
  if (timer.running && remaining === 0) return { ...timer, remaining: 0, running: false, endsAt: null };
  return { ...timer, remaining };
}

function load(): void {
  const now = Date.now();
  const saved = readSaved(now);
  colorIndex = saved.colorIndex;
  $timers.set(saved.timers);
  if (saved.finished.length) {
    save(saved.timers);
    // After the current render, so islands mounting now have registered their listeners.
    setTimeout(() => announce(saved.finished), 0);
  }
  try {
    const sound = storage()?.getItem(SOUND_KEY);
    if (sound !== null && sound !== undefined) $timerSound.set(sound !== 'off');
  } catch {
    // Keep the default.
  }
  loaded = true;
}

function ensureLoaded(): void {
  if (!loaded) load();
}

function update(change: (timers: KitchenTimer[]) => KitchenTimer[]): void {
  ensureLoaded();
  const next = change($timers.get());
  $timers.set(next);
  save(next);
}

function updateOne(id: string, change: (timer: KitchenTimer, now: number) => KitchenTimer): void {
  const now = Date.now();
  update((timers) => timers.map((t) => (t.id === id ? change(t, now) : t)));
}

/** Brings every running timer up to now and reports the ones that just finished. */
export function tick(now = Date.now()): void {
  ensureLoaded();
  const finished: KitchenTimer[] = [];
  let changed = false;
  const next = $timers.get().map((t) => {
    if (!t.running) return t;
    const settled = settle(t, now);
    if (settled.remaining !== t.remaining || settled.running !== t.running) changed = true;
    if (!settled.running) finished.push(settled);
    return settled;
  });
  if (!changed) return;
  $timers.set(next);
  if (finished.length) save(next);
  announce(finished);
}

function announce(finished: KitchenTimer[]): void {
  for (const timer of finished) {
    for (const listener of completeListeners) {
      try {
        listener(timer);
      } catch (err) {
        console.error('[timers] a completion listener failed:', err);
      }
    }
  }
}

/** Adds a paused timer; `start` runs it at once (a cooking-mode step timer). */
export function addTimer(input: {
  name: string;
  minutes: string | number;
  origin?: string;
  start?: boolean;
}): KitchenTimer {
  ensureLoaded();
  const duration = timerMinutes(input.minutes) * 60;
  const now = Date.now();
  const timer: KitchenTimer = {
    id: `${now.toString(36)}-${(idCounter++).toString(36)}`,
    name: timerName(input.name, $timers.get().length + 1),
    duration,
    remaining: duration,
    running: Boolean(input.start),
    color: TIMER_COLORS[colorIndex % TIMER_COLORS.length]!,
    endsAt: input.start ? now + duration * 1000 : null,
    ...(input.origin ? { origin: input.origin } : {}),
  };
  colorIndex = (colorIndex + 1) % TIMER_COLORS.length;
  update((timers) => [...timers, timer]);
  return timer;
}

export function startTimer(id: string): void {
  updateOne(id, (t, now) =>
    t.running || t.remaining <= 0 ? t : { ...t, running: true, endsAt: now + t.remaining * 1000 },
  );
}

export function pauseTimer(id: string): void {
  updateOne(id, (t, now) =>
    t.running ? { ...t, running: false, remaining: secondsLeft(t, now), endsAt: null } : t,
  );
}

/** Start/pause in one button; a finished timer stays finished. */
export function toggleTimer(id: string): void {
  const timer = $timers.get().find((t) => t.id === id);
  if (timer?.running) pauseTimer(id);
  else startTimer(id);
}

/** Back to the full duration, paused. */
export function resetTimer(id: string): void {
  updateOne(id, (t) => ({ ...t, running: false, remaining: t.duration, endsAt: null }));
}

export function removeTimer(id: string): void {
  update((timers) => timers.filter((t) => t.id !== id));
}

export function setTimerSound(on: boolean): void {
  $timerSound.set(on);
  try {
    storage()?.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; still applies on this page.
  }
}

// While any island shows timers: load them, tick every second, and follow other tabs.
onMount($timers, () => {
  load();
  const interval = setInterval(() => tick(), TICK_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === SOUND_KEY) load();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  globalThis.addEventListener?.('storage', onStorage);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(interval);
    globalThis.removeEventListener?.('storage', onStorage);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
    loaded = false;
  };
});
