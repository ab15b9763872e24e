import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentBuildDir } from '../site/built-site.ts';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { TEST_DATA } from '../helpers/paths.ts';

// The recipe video player exercised in Chromium on a real clip: a 6-second 320×180 VP9/Opus WebM
// made with ffmpeg at test time, served by the local server as a file of the site (it answers
// byte ranges with 206, so the browser can seek), set as a recipe's videoUrl through the admin
// API. Play and pause, seek, volume, mute, every speed, restart, full screen in and out, and the
// controls hiding after 3 s without mouse movement while the video plays.

const ADMIN = { username: 'admin', password: 'admin-test-password' };
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Makes the clip: a test pattern with a tone. */
function makeClip(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
      ...['-c:a', 'libopus', '-shortest', file],
    ],
    { stdio: 'inherit', timeout: 120_000 },
  );
}

interface Status {
  paused: boolean;
  currentTime: number;
  volume: number;
  muted: boolean;
  playbackRate: number;
  duration: number;
  fullscreen: boolean;
  controls: string | null;
}

const status = (player: Locator): Promise<Status> =>
  player.evaluate((box) => {
    const v = box.querySelector('video')!;
    return {
      paused: v.paused,
      currentTime: v.currentTime,
      volume: v.volume,
      muted: v.muted,
      playbackRate: v.playbackRate,
      duration: v.duration,
      fullscreen: document.fullscreenElement === box,
      controls: box.getAttribute('data-controls'),
    };
  });

describe.skipIf(!chromiumPath || !hasFfmpeg)('the recipe video player', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');
  const clip = path.join(TEST_DATA, 'video', 'clip.webm');
  const clipPath = `/test-media/clip-${Date.now().toString(36)}.webm`;
  let cookie = '';
  let recipe: Record<string, unknown> & { id: number; slug: string };

  const admin = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Saves the recipe with `videoUrl` and waits for the build that follows. */
  async function saveVideo(videoUrl: string | null, wait: boolean): Promise<void> {
    const started = Date.now();
    const res = await admin('PUT', `/api/recipes/${recipe.id}`, { ...recipe, videoUrl });
    expect(res.status, await res.clone().text()).toBe(200);
    if (!wait) return;
    // Polled by hand: this runs in beforeAll, where expect.poll is not available.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const s = (await (await admin('GET', '/api/admin/publish/status')).json()) as {
        state: string;
        liveAt: string | null;
        error: string | null;
      };
      if (s.state === 'failed') throw new Error(`The publish failed: ${s.error}`);
      if (s.state === 'live' && s.liveAt !== null && Date.parse(s.liveAt) > started) return;
      if (Date.now() > deadline) throw new Error('The publish did not finish within 240 s.');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  beforeAll(async () => {
    makeClip(clip);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Not the first recipe, which other suites open.
    const listed = (await (await fetch(`${baseUrl}/api/recipes?limit=5`)).json()) as { id: number }[];
    recipe = (await (await admin('GET', `/api/recipes/${listed.at(-1)!.id}`)).json()) as typeof recipe;
    await saveVideo(clipPath, true);
    // The clip becomes a file of the build being served (a later publish drops it with its build).
    const file = path.join(currentBuildDir(), clipPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(clip, file);
  }, 420_000);

  afterAll(async () => {
    if (recipe) await saveVideo((recipe.videoUrl as string | null) ?? null, false);
  });

  it('the server answers a byte range of the clip with 206', async () => {
    const size = fs.statSync(clip).size;
    const res = await fetch(`${baseUrl}${clipPath}`, { headers: { Range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it('plays, pauses, seeks, sets volume, mutes, changes speed, restarts and goes full screen', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`);
    const player = page.locator('[data-video-player]');
    await player.scrollIntoViewIfNeeded();
    await player.getByRole('button', { name: 'Play video' }).waitFor();
    await expect.poll(async () => (await status(player)).duration).toBeCloseTo(6, 0);
    const video = async () => status(player);

    // Play, then pause.
    await player.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(async () => (await video()).currentTime).toBeGreaterThan(0.3);
    expect((await video()).paused).toBe(false);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await video()).paused).toBe(true);
    const pausedAt = (await video()).currentTime;
    await page.waitForTimeout(400);
    expect((await video()).currentTime).toBe(pausedAt);

    // Seek with the slider.
    await player.getByLabel('Seek').fill('4');
    await expect.poll(async () => (await video()).currentTime).toBeCloseTo(4, 0);
    await player.getByLabel('Seek').fill('1');
    await expect.poll(async () => (await video()).currentTime).toBeCloseTo(1, 0);

    // Volume and mute.
    await player.getByLabel('Volume').fill('0.5');
    expect((await video()).volume).toBeCloseTo(0.5, 2);
    await player.getByRole('button', { name: 'Mute' }).click();
    expect((await video()).muted).toBe(true);
    await player.getByRole('button', { name: 'Unmute' }).click();
    expect((await video()).muted).toBe(false);
    expect((await video()).volume).toBeCloseTo(0.5, 2);

    // Every speed.
    for (const speed of ['0.5', '0.75', '1', '1.25', '1.5', '2']) {
      await player.getByLabel('Playback speed').selectOption(speed);
      expect((await video()).playbackRate).toBe(Number(speed));
    }

    // Restart: from the beginning, playing.
    await player.getByLabel('Seek').fill('5');
    await player.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(async () => (await video()).paused).toBe(false);
    expect((await video()).currentTime).toBeLessThan(2);

    // Full screen and back.
    await player.getByRole('button', { name: 'Pause' }).click();
    await player.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(async () => (await video()).fullscreen).toBe(true);
    await player.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(async () => (await video()).fullscreen).toBe(false);
    await page.context().close();
  });

  it('hides the controls after 3 s without mouse movement while playing, and shows them on a move', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`);
    const player = page.locator('[data-video-player]');
    await player.scrollIntoViewIfNeeded();
    await player.getByRole('button', { name: 'Play video' }).waitFor();
    // Half speed: the 6-second clip plays for 12 s, longer than this test needs.
    await player.getByLabel('Playback speed').selectOption('0.5');
    await player.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(async () => (await status(player)).paused).toBe(false);
    const box = (await player.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    expect((await status(player)).controls).toBe('visible');
    await page.waitForTimeout(2000);
    expect((await status(player)).controls, 'still visible at 2 s').toBe('visible');
    await expect.poll(async () => (await status(player)).controls, { timeout: 3000 }).toBe('hidden');
    expect((await status(player)).paused).toBe(false);
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 3 + 10);
    await expect.poll(async () => (await status(player)).controls).toBe('visible');
    // Paused, they stay.
    await player.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(3500);
    expect((await status(player)).controls).toBe('visible');
    await page.context().close();
  });
});
