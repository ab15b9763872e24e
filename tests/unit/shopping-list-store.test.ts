// The shopping-list store's offline queue against a scripted stand-in for the server.
// Each scripted answer is taken by the next request to its route; an answer may be held back
// (a promise) to play a server that answers late.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShoppingItem } from '../../src/lib/schemas/shopping-item.ts';
import type * as ShoppingListStore from '../../src/stores/shopping-list.ts';
import { forgetSyncedCopies } from '../../src/stores/shopping-device-copies.ts';
import { MemoryStorage } from '../helpers/memory-storage.ts';
import { later, scriptedServer, type ScriptedServer } from '../helpers/scripted-server.ts';
import { item } from '../helpers/shopping-items.ts';

let server: ScriptedServer;
let memory: MemoryStorage;
let online: boolean;

const writes = () =>
  server.calls
    .filter((c) => c.method !== 'GET')
    .map((c) => `${c.method} ${c.url} ${c.body === undefined ? '' : JSON.stringify(c.body)}`.trim());
const gets = () => server.calls.filter((c) => c.method === 'GET' && c.url === '/api/shopping-list').length;

type Store = typeof ShoppingListStore;

/** A fresh copy of the store (and the session store it listens to), as after a page load. */
async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('../../src/stores/shopping-list.ts');
}

const shown = (store: Store) =>
  store.$shoppingList.value.items.map((i) => `${i.id}:${i.ingredient}${i.checked ? ' ✓' : ''}`);

beforeEach(() => {
  server = scriptedServer();
  memory = new MemoryStorage();
  online = true;
  vi.stubGlobal('localStorage', memory);
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});
describe('the shopping-list store', () => {
  const pancakes = { id: 9, title: 'Pancakes', servings: 2, ingredients: ['1 cup flour', '2 eggs', 'Salt'] };

  async function loaded(list: ShoppingItem[]): Promise<Store> {
    const store = await freshStore();
    server.answer('GET /api/shopping-list', { status: 200, body: list });
    await store.startShoppingList(1);
    server.calls = [];
    return store;
  }

  it('adds a recipe: shown at once, merged like the server, then replaced by the server list', async () => {
    const store = await loaded([item(1, 'flour', { unit: 'cups', amount: 1 })]);
    const reply = later();
    server.answer('POST /api/shopping-list/items', reply.promise);
    const adding = store.addRecipe(pancakes, 4);
    // Optimistic: "1 cup flour" × 2 merges into the existing "cups" line; the rest get temporary ids.
    const view = store.$shoppingList.value.items;
    expect(view.map((i) => [i.ingredient, i.amount, i.unit])).toEqual([
      ['flour', 3, 'cups'],
      ['eggs', 4, ''],
      ['Salt', null, ''],
    ]);
    expect(view.filter((i) => i.id < 0)).toHaveLength(2);
    expect(store.$shoppingList.value.pending).toBe(1);
    expect(server.calls[0]?.body).toEqual({
      items: [
        { ingredient: 'flour', amount: 2, unit: 'cup', recipeTitle: 'Pancakes' },
        { ingredient: 'eggs', amount: 4, unit: '', recipeTitle: 'Pancakes' },
        { ingredient: 'Salt', amount: null, unit: '', recipeTitle: 'Pancakes' },
      ],
    });
    const serverList = [
      item(1, 'flour', { unit: 'cups', amount: 3 }),
      item(7, 'eggs', { amount: 4 }),
      item(8, 'Salt', { amount: null }),
    ];
    reply.release({ status: 200, body: serverList });
    await expect(adding).resolves.toEqual({ outcome: 'saved', count: 3 });
    expect(store.$shoppingList.value.items).toEqual(serverList);
    expect(store.$shoppingList.value.pending).toBe(0);
  });

  it('replays changes made offline in the order they were made, when the browser is back online', async () => {
    const store = await loaded([
      item(1, 'flour'),
      item(2, 'eggs'),
      item(3, 'milk'),
      item(4, 'salt', { checked: true }),
    ]);
    online = false;
    await expect(store.toggle(1)).resolves.toBe('queued');
    await expect(store.remove(2)).resolves.toBe('queued');
    await expect(store.toggle(3)).resolves.toBe('queued');
    await expect(store.clearChecked()).resolves.toBe('queued');
    expect(server.calls).toEqual([]);
    expect(store.$shoppingList.value).toMatchObject({ pending: 4, offline: true, items: [] });

    // The page's `online` listener (the store mounts its listeners when an island subscribes).
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    server.answer('GET /api/auth/me', {
      status: 200,
      body: { id: 1, username: 'alice', email: 'alice@example.com' },
    });
    const stop = store.$shoppingList.listen(() => {});
    server.answer('PATCH /api/shopping-list/items/1', {
      status: 200,
      body: item(1, 'flour', { checked: true }),
    });
    server.answer('DELETE /api/shopping-list/items/2', { status: 200, body: { success: true } });
    server.answer('PATCH /api/shopping-list/items/3', {
      status: 200,
      body: item(3, 'milk', { checked: true }),
    });
    server.answer('DELETE /api/shopping-list?checked=true', { status: 200, body: { deleted: 3 } });
    server.answer('GET /api/shopping-list', { status: 200, body: [] });
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(gets()).toBe(1));
    expect(writes()).toEqual([
      'PATCH /api/shopping-list/items/1 {"checked":true}',
      'DELETE /api/shopping-list/items/2',
      'PATCH /api/shopping-list/items/3 {"checked":true}',
      'DELETE /api/shopping-list?checked=true',
    ]);
    expect(store.$shoppingList.value).toMatchObject({ pending: 0, offline: false, items: [] });
    stop();
    // Unmount now (nanostores waits a second), while the stand-in window still exists.
    cleanStores(store.$shoppingList, (await import('../../src/stores/session.ts')).$user);
  });

  it('keeps offline ticks on the device across a reload and sends them when it can', async () => {
    const first = await loaded([item(1, 'flour'), item(2, 'eggs')]);
    server.answer('PATCH /api/shopping-list/items/2', 'network-error');
    await expect(first.toggle(2)).resolves.toBe('queued');
    expect(first.$shoppingList.value).toMatchObject({ pending: 1, offline: true });

    // The next page: the device's copy shows the tick before the server has been asked anything.
    const second = await freshStore();
    const patch = later();
    server.answer('PATCH /api/shopping-list/items/2', patch.promise);
    server.answer('GET /api/shopping-list', {
      status: 200,
      body: [item(1, 'flour'), item(2, 'eggs', { checked: true })],
    });
    const starting = second.startShoppingList(1);
    expect(shown(second)).toEqual(['1:flour', '2:eggs ✓']);
    patch.release({ status: 200, body: item(2, 'eggs', { checked: true }) });
    await starting;
    await vi.waitFor(() => expect(second.$shoppingList.value.pending).toBe(0));
    expect(shown(second)).toEqual(['1:flour', '2:eggs ✓']);
  });

  it('ignores a list answer that left the server before a tick was saved, then asks again', async () => {
    const store = await loaded([item(1, 'flour'), item(2, 'eggs')]);
    const stale = later();
    server.answer('GET /api/shopping-list', stale.promise, {
      status: 200,
      body: [item(1, 'flour', { checked: true }), item(2, 'eggs')],
    });
    const syncing = store.syncShoppingList();
    await vi.waitFor(() => expect(gets()).toBe(1));
    server.answer('PATCH /api/shopping-list/items/1', {
      status: 200,
      body: item(1, 'flour', { checked: true }),
    });
    await expect(store.toggle(1)).resolves.toBe('saved');
    stale.release({ status: 200, body: [item(1, 'flour'), item(2, 'eggs')] });
    await syncing;
    expect(shown(store)).toEqual(['1:flour ✓', '2:eggs']);
    await vi.waitFor(() => expect(gets()).toBe(2));
    await vi.waitFor(() => expect(shown(store)).toEqual(['1:flour ✓', '2:eggs']));
  });

  it('a late answer to a tick does not undo the untick made meanwhile', async () => {
    const store = await loaded([item(1, 'flour')]);
    const firstPatch = later();
    server.answer('PATCH /api/shopping-list/items/1', firstPatch.promise, {
      status: 200,
      body: item(1, 'flour', { checked: false }),
    });
    const seen: boolean[] = [];
    const tick = store.toggle(1);
    const untick = store.toggle(1);
    const stop = store.$shoppingList.subscribe((state) => seen.push(state.items[0]!.checked));
    firstPatch.release({ status: 200, body: item(1, 'flour', { checked: true }) });
    await expect(tick).resolves.toBe('saved');
    await expect(untick).resolves.toBe('saved');
    stop();
    expect(seen.every((checked) => !checked)).toBe(true);
    expect(writes()).toEqual([
      'PATCH /api/shopping-list/items/1 {"checked":true}',
      'PATCH /api/shopping-list/items/1 {"checked":false}',
    ]);
  });

  it('a line added offline can be ticked before it has an id; the tick follows it to its real id', async () => {
    const store = await loaded([]);
    online = false;
    await expect(store.addRecipe(pancakes, 2)).resolves.toEqual({ outcome: 'queued', count: 3 });
    const eggs = store.$shoppingList.value.items.find((i) => i.ingredient === 'eggs')!;
    expect(eggs.id).toBeLessThan(0);
    await store.toggle(eggs.id);
    expect(shown(store)).toContain(`${eggs.id}:eggs ✓`);

    online = true;
    const serverList = [
      item(5, 'flour', { unit: 'cup' }),
      item(6, 'eggs', { amount: 2 }),
      item(7, 'Salt', { amount: null }),
    ];
    server.answer('POST /api/shopping-list/items', { status: 200, body: serverList });
    server.answer('PATCH /api/shopping-list/items/6', {
      status: 200,
      body: { ...serverList[1], checked: true },
    });
    server.answer('GET /api/shopping-list', {
      status: 200,
      body: [serverList[0], { ...serverList[1], checked: true }, serverList[2]],
    });
    await store.syncShoppingList();
    expect(writes().map((w) => w.split(' {')[0])).toEqual([
      'POST /api/shopping-list/items',
      'PATCH /api/shopping-list/items/6',
    ]);
    expect(shown(store)).toEqual(['5:flour', '6:eggs ✓', '7:Salt']);
  });

  it('a refused change is dropped with a toast, and the changes after it still go', async () => {
    const store = await loaded([item(1, 'flour')]);
    const { $toast } = await import('../../src/stores/toasts.ts');
    online = false;
    await store.addRecipe(pancakes, 2);
    await store.toggle(1);
    online = true;
    server.answer('POST /api/shopping-list/items', {
      status: 409,
      body: { error: 'Your shopping list is full (500 items). Remove some items first.' },
    });
    server.answer('PATCH /api/shopping-list/items/1', {
      status: 200,
      body: item(1, 'flour', { checked: true }),
    });
    server.answer('GET /api/shopping-list', { status: 200, body: [item(1, 'flour', { checked: true })] });
    await store.syncShoppingList();
    await vi.waitFor(() => expect(gets()).toBe(1));
    expect($toast.get()).toMatchObject({
      title: 'Failed to update shopping list',
      description: 'Your shopping list is full (500 items). Remove some items first.',
      variant: 'destructive',
    });
    expect(store.$shoppingList.value).toMatchObject({
      pending: 0,
      error: 'Your shopping list is full (500 items). Remove some items first.',
    });
    expect(shown(store)).toEqual(['1:flour ✓']);
  });

  it('a server error keeps the change for later instead of dropping it', async () => {
    const store = await loaded([item(1, 'flour')]);
    server.answer('PATCH /api/shopping-list/items/1', {
      status: 503,
      body: { error: 'Database unavailable' },
    });
    await expect(store.toggle(1)).resolves.toBe('queued');
    expect(store.$shoppingList.value).toMatchObject({ pending: 1, offline: false });
    expect(shown(store)).toEqual(['1:flour ✓']);
    server.answer('PATCH /api/shopping-list/items/1', {
      status: 200,
      body: item(1, 'flour', { checked: true }),
    });
    server.answer('GET /api/shopping-list', { status: 200, body: [item(1, 'flour', { checked: true })] });
    await store.syncShoppingList();
    expect(store.$shoppingList.value.pending).toBe(0);
  });

  it.each([
    ['online: the device copy goes', true, false],
    ['offline with unsent ticks: the copy stays for when the user is back', false, true],
  ])('logout forgets the list; %s', async (_name, isOnline, kept) => {
    const store = await loaded([item(1, 'flour')]);
    const session = await import('../../src/stores/session.ts');
    session.$user.set({ id: 1, username: 'alice', email: 'alice@example.com' });
    online = isOnline;
    if (!isOnline) await store.toggle(1);
    server.answer(
      'POST /api/auth/logout',
      isOnline ? { status: 200, body: { success: true } } : 'network-error',
    );
    await session.logout().catch(() => undefined);
    expect(store.$shoppingList.value).toMatchObject({ userId: null, items: [], status: 'idle', pending: 0 });
    expect(memory.getItem('forkful:shopping-list:1') !== null).toBe(kept);
  });

  it('a page that finds nobody signed in drops synced copies, and keeps copies with unsent changes', () => {
    const copy = (queue: unknown[]) =>
      JSON.stringify({ v: 1, base: [item(1, 'flour')], queue, nextSeq: 2, nextTempId: -1 });
    memory.setItem('forkful:shopping-list:1', copy([]));
    memory.setItem('forkful:shopping-list:2', copy([{ seq: 1, op: 'check', id: 1, checked: true }]));
    memory.setItem('forkful:units', 'metric');
    forgetSyncedCopies();
    expect([
      memory.getItem('forkful:shopping-list:1'),
      memory.getItem('forkful:shopping-list:2') !== null,
      memory.getItem('forkful:units'),
    ]).toEqual([null, true, 'metric']);
  });

  it('never shows an answer meant for the previous user', async () => {
    const store = await freshStore();
    const slow = later();
    server.answer('GET /api/shopping-list', slow.promise, { status: 200, body: [item(3, 'rice')] });
    const first = store.startShoppingList(1);
    await vi.waitFor(() => expect(gets()).toBe(1));
    const second = store.startShoppingList(2);
    slow.release({ status: 200, body: [item(1, 'flour')] });
    await Promise.all([first, second]);
    expect(store.$shoppingList.value).toMatchObject({ userId: 2 });
    expect(shown(store)).toEqual(['3:rice']);
  });

  it('exports the list as shown, pending ticks included', async () => {
    const store = await loaded([item(1, 'flour', { amount: 2, unit: 'cups', category: 'Pantry' })]);
    online = false;
    await store.toggle(1);
    expect(store.exportText()).toContain('Pantry\n[x] 2 cups flour (Pancakes)');
  });
});
