import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../helpers/memory-storage.ts';
import type * as TimersStore from '../../src/stores/timers.ts';

// The store keeps timers in localStorage, which Node has no persistent form of: each test gets a
// small in-memory Storage and a fresh copy of the module (fake clock: Date and timers).

type Store = typeof TimersStore;
let memory: MemoryStorage;

async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('../../src/stores/timers.ts');
}

/** Subscribes like an island does (starts the ticking); returns the unsubscribe. */
function mount(store: Store): () => void {
  return store.$timers.listen(() => {});
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
  memory = new MemoryStorage();
  vi.stubGlobal('localStorage', memory);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('timer input rules', () => {
  it.each([
    ['5', 5],
    ['12', 12],
    ['2.7', 2],
    ['0', 1],
    ['-3', 1],
    ['', 1],
    ['abc', 1],
    [' 7 ', 7],
    [9999, 1440],
    [3, 3],
  ] as const)('minutes %j → %i', async (input, minutes) => {
    const { timerMinutes } = await freshStore();
    expect(timerMinutes(input)).toBe(minutes);
  });

  it.each([
    ['Pasta', 1, 'Pasta'],
    ['  Rice  ', 2, 'Rice'],
    ['', 1, 'Timer 1'],
    ['   ', 3, 'Timer 3'],
  ])('name %j at place %i → %j', async (input, position, name) => {
    const { timerName } = await freshStore();
    expect(timerName(input, position)).toBe(name);
  });

  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
  ])('formatClock(%i) = %s', async (seconds, text) => {
    const { formatClock } = await freshStore();
    expect(formatClock(seconds)).toBe(text);
  });

  it.each([
    [61, 60, [60]],
    [62, 58, [60]],
    [31, 30, [30]],
    [11, 9, [10]],
    [1, 0, [0]],
    [65, 0, [60, 30, 10, 0]],
    [59, 58, []],
    [10, 10, []],
  ])('alerts between %i s and %i s: %j', async (before, after, marks) => {
    const { alertsCrossed } = await freshStore();
    expect(alertsCrossed(before, after)).toEqual(marks);
  });
});

describe('timers', () => {
  it('adds timers paused, with the default name and the eight colours in turn', async () => {
    const store = await freshStore();
    const made = Array.from({ length: 9 }, (_, i) =>
      store.addTimer({ name: i === 0 ? '' : `T${i}`, minutes: 1 }),
    );
    expect(made[0]).toMatchObject({
      name: 'Timer 1',
      duration: 60,
      remaining: 60,
      running: false,
      endsAt: null,
    });
    expect(made.slice(0, 8).map((t) => t.color)).toEqual([...store.TIMER_COLORS]);
    expect(made[8]!.color).toBe(store.TIMER_COLORS[0]);
    expect(new Set(made.map((t) => t.id)).size).toBe(9);
  });

  it('counts down once a second, pauses, resumes, and finishes at 0 exactly once', async () => {
    const store = await freshStore();
    const unmount = mount(store);
    const finished: string[] = [];
    store.onTimerComplete((t) => finished.push(t.name));
    const timer = store.addTimer({ name: 'Eggs', minutes: 1 });
    store.toggleTimer(timer.id);
    vi.advanceTimersByTime(10_000);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 50, running: true });
    store.toggleTimer(timer.id);
    vi.advanceTimersByTime(30_000);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 50, running: false, endsAt: null });
    store.toggleTimer(timer.id);
    vi.advanceTimersByTime(50_000);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 0, running: false });
    expect(finished).toEqual(['Eggs']);
    store.startTimer(timer.id);
    vi.advanceTimersByTime(5_000);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 0, running: false });
    expect(finished).toEqual(['Eggs']);
    unmount();
  });

  it('resets to the full duration, paused, and removes', async () => {
    const store = await freshStore();
    const unmount = mount(store);
    const a = store.addTimer({ name: 'A', minutes: 2, start: true });
    const b = store.addTimer({ name: 'B', minutes: 3 });
    vi.advanceTimersByTime(15_000);
    store.resetTimer(a.id);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 120, running: false, endsAt: null });
    store.removeTimer(a.id);
    expect(store.$timers.get().map((t) => t.id)).toEqual([b.id]);
    unmount();
  });

  it('keeps running across a reload: the end time is stored, not the count', async () => {
    let store = await freshStore();
    let unmount = mount(store);
    const timer = store.addTimer({ name: 'Stock', minutes: 10, start: true });
    vi.advanceTimersByTime(60_000);
    unmount();
    vi.advanceTimersByTime(120_000); // the page is closed for two minutes
    store = await freshStore();
    unmount = mount(store);
    expect(store.$timers.get()[0]).toMatchObject({
      id: timer.id,
      name: 'Stock',
      running: true,
      remaining: 420,
    });
    unmount();
  });

  it('a timer that ended while no page was open is at 0 on the next page and still alerts once', async () => {
    let store = await freshStore();
    let unmount = mount(store);
    store.addTimer({ name: 'Tea', minutes: 3, start: true });
    unmount();
    vi.advanceTimersByTime(4 * 60_000);
    store = await freshStore();
    const finished: string[] = [];
    store.onTimerComplete((t) => finished.push(t.name));
    unmount = mount(store);
    expect(store.$timers.get()[0]).toMatchObject({ remaining: 0, running: false });
    vi.advanceTimersByTime(1_000);
    expect(finished).toEqual(['Tea']);
    unmount();
  });

  it('remembers the sound switch and ignores unreadable saved data', async () => {
    memory.setItem('forkful:timers', '{not json');
    let store = await freshStore();
    const unmount = mount(store);
    expect(store.$timers.get()).toEqual([]);
    expect(store.$timerSound.get()).toBe(true);
    store.setTimerSound(false);
    unmount();
    store = await freshStore();
    mount(store);
    expect(store.$timerSound.get()).toBe(false);
  });
});
