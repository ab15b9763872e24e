import { $timerSound, onTimerComplete, type KitchenTimer } from '../../stores/timers.ts';
import { showToast } from '../../stores/toasts.ts';

// What happens when a timer reaches 0: a beep when sound is on; when sound is off or
// the browser will not play it (no user gesture yet, no Web Audio), a notification 'Timer
// Complete: {name}' / 'Your cooking timer has finished!' if permission was granted. Always a
// toast and a line in one polite live region, so nobody misses it.

let audio: AudioContext | undefined;
let region: HTMLElement | undefined;
let registered = false;

function audioContext(): AudioContext | undefined {
  try {
    audio ??= new AudioContext();
    return audio;
  } catch {
    return undefined;
  }
}

/** Call from a click (start, add): browsers only let sound start after the reader did something. */
export function primeTimerSound(): void {
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Three short beeps; false when sound could not play. */
export async function playBeep(): Promise<boolean> {
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state !== 'running') await Promise.race([ctx.resume(), new Promise((r) => setTimeout(r, 300))]);
    if (ctx.state !== 'running') return false;
    const start = ctx.currentTime + 0.05;
    for (let i = 0; i < 3; i++) {
      const at = start + i * 0.35;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.25);
    }
    return true;
  } catch {
    return false;
  }
}

/** The 'Timer Complete: {name}' notification, when the reader allowed notifications. */
export function notifyTimerDone(timer: Pick<KitchenTimer, 'id' | 'name'>): boolean {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
    new Notification(`Timer Complete: ${timer.name}`, {
      body: 'Your cooking timer has finished!',
      tag: `timer-${timer.id}`,
    });
    return true;
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
    return false;
  }
}

/** Ask for notification permission on load when the reader has not decided yet. */
export function askNotificationPermissionIfUndecided(): void {
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission().catch(() => {});
  } catch {
    // Old Safari: callback-only API; the kitchen page shows a button instead.
  }
}

/** Says something through the page's one polite live region for timers. */
export function announce(text: string): void {
  if (typeof document === 'undefined') return;
  if (!region) {
    region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('role', 'status');
    region.className = 'sr-only';
    region.dataset.timerAnnouncer = '';
    document.body.append(region);
  }
  // Clearing first makes a repeated sentence be read again.
  region.textContent = '';
  setTimeout(() => {
    if (region) region.textContent = text;
  }, 50);
}

/** Registers the completion alerts once per page (every timer island calls this). */
export function ensureTimerAlerts(): void {
  if (registered || typeof window === 'undefined') return;
  registered = true;
  onTimerComplete(async (timer) => {
    announce(`Time's up: ${timer.name}`);
    showToast({ title: `Time's up: ${timer.name}`, description: 'Your cooking timer has finished!' });
    const played = $timerSound.get() ? await playBeep() : false;
    if (!played) notifyTimerDone(timer);
  });
}
