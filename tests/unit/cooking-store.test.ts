import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../helpers/memory-storage.ts';
import type * as CookingStore from '../../src/stores/cooking.ts';
import type * as TimersStore from '../../src/stores/timers.ts';

// The cooking store's rules: the step kept for the
// visit, reading aloud as the cook moves, the voice settings kept on the device, and the timer a
// step offers. Node has no Web Storage and no speech: each test gets in-memory storages and a
// recording stand-in for speechSynthesis, and a fresh copy of the modules.

/** What was said: `cancel` marks an interruption. */
let spoken: (string | { text: string; rate: number })[];
let session: MemoryStorage;
let local: MemoryStorage;

function installSpeech(): void {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      rate = 1;
      text: string;
      constructor(text: string) {
        this.text = text;
      }
    },
  );
  vi.stubGlobal('speechSynthesis', {
    cancel: () => spoken.push('cancel'),
    speak: (u: { text: string; rate: number }) => spoken.push({ text: u.text, rate: u.rate }),
  });
}

const STEPS = [
  'Heat the oil in a large pan.',
  'Add the tomatoes and simmer for 10 minutes.',
  'Bake at 350°F for 25-30 minutes.',
  'Serve.',
];
const RECIPE = { id: 7, steps: STEPS };

type Cooking = typeof CookingStore;
type Timers = typeof TimersStore;

async function fresh(): Promise<{ cooking: Cooking; timers: Timers }> {
  vi.resetModules();
  return {
    cooking: await import('../../src/stores/cooking.ts'),
    timers: await import('../../src/stores/timers.ts'),
  };
}

beforeEach(() => {
  spoken = [];
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the step', () => {
  it.each<[string, string | null, number]>([
    ['nothing saved starts at the first step', null, 0],
    ['the step reached in this visit', '2', 2],
    ['a saved step past the end is ignored', '4', 0],
    ['a negative one too', '-1', 0],
    ['and anything unreadable', '{oops', 0],
  ])('%s', async (_name, saved, expected) => {
    if (saved !== null) session.setItem('forkful:cook-step:7', saved);
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    expect(cooking.$cooking.get().step).toBe(expected);
  });

  it('moves within the steps, remembers the place, and ignores moves past either end', async () => {
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    cooking.previousStep();
    expect(cooking.$cooking.get().step).toBe(0);
    cooking.nextStep();
    cooking.nextStep();
    expect(cooking.$cooking.get().step).toBe(2);
    expect(session.getItem('forkful:cook-step:7')).toBe('2');
    cooking.goToStep(3);
    cooking.nextStep();
    cooking.goToStep(9);
    cooking.goToStep(1.5);
    expect(cooking.$cooking.get().step).toBe(3);
    cooking.goToStep(0);
    expect(cooking.$cooking.get().step).toBe(0);
  });
});

describe('reading aloud', () => {
  it('is unavailable without speech, and the controls do nothing', async () => {
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    expect(cooking.$cooking.get().canSpeak).toBe(false);
    cooking.toggleReading();
    expect(cooking.$cooking.get().reading).toBe(false);
  });

  it('reads the current step on start and each new step while on; pausing stops it', async () => {
    installSpeech();
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    cooking.nextStep();
    expect(spoken).toEqual([]);
    cooking.toggleReading();
    expect(spoken).toEqual(['cancel', { text: `Step 2. ${STEPS[1]}`, rate: 1 }]);
    spoken = [];
    cooking.nextStep();
    expect(spoken).toEqual(['cancel', { text: `Step 3. ${STEPS[2]}`, rate: 1 }]);
    spoken = [];
    cooking.goToStep(2); // the same step: not read again
    expect(spoken).toEqual([]);
    cooking.toggleReading();
    expect(cooking.$cooking.get().reading).toBe(false);
    expect(spoken).toEqual(['cancel']);
    spoken = [];
    cooking.nextStep();
    expect(spoken).toEqual([]);
  });

  it('reads temperatures in the units the reader chose', async () => {
    installSpeech();
    const { cooking } = await fresh();
    const { setUnitSystem } = await import('../../src/stores/recipe-view.ts');
    const { convertTemperaturesInText } = await import('../../src/lib/temperature-text.ts');
    setUnitSystem('metric');
    cooking.startCooking(RECIPE);
    cooking.goToStep(2);
    cooking.toggleReading();
    const said = spoken.at(-1) as { text: string };
    expect(said.text).toBe(`Step 3. ${convertTemperaturesInText(STEPS[2]!, 'metric')}`);
    expect(said.text).not.toContain('350');
  });

  it('a new rate re-reads the step at that rate, kept within 0.5–2 and remembered', async () => {
    installSpeech();
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    cooking.toggleReading();
    spoken = [];
    cooking.setSpeechRate(1.5);
    expect(spoken).toEqual(['cancel', { text: `Step 1. ${STEPS[0]}`, rate: 1.5 }]);
    cooking.setSpeechRate(7);
    expect(cooking.$cooking.get().rate).toBe(2);
    cooking.setSpeechRate(0.1);
    expect(cooking.$cooking.get().rate).toBe(0.5);
    expect(JSON.parse(local.getItem('forkful:cook-voice')!)).toEqual({ on: true, rate: 0.5 });
  });

  it('turning the voice off stops reading; alerts speak only with the voice on', async () => {
    installSpeech();
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    cooking.speakAlert('Simmer timer: 30 seconds left.');
    expect(spoken).toEqual([{ text: 'Simmer timer: 30 seconds left.', rate: 1 }]); // queued, no cancel
    cooking.toggleReading();
    cooking.setVoiceOn(false);
    expect(cooking.$cooking.get()).toMatchObject({ voiceOn: false, reading: false });
    spoken = [];
    cooking.speakAlert('Simmer timer is done.');
    cooking.toggleReading();
    expect(spoken).toEqual([]);
    expect(cooking.$cooking.get().reading).toBe(false);
  });

  it.each<[string, string, { voiceOn: boolean; rate: number }]>([
    ['saved settings come back', '{"on":false,"rate":1.7}', { voiceOn: false, rate: 1.7 }],
    ['a rate out of range falls back to 1', '{"on":true,"rate":9}', { voiceOn: true, rate: 1 }],
    ['unreadable settings fall back to the defaults', 'nope', { voiceOn: true, rate: 1 }],
  ])('%s', async (_name, saved, expected) => {
    local.setItem('forkful:cook-voice', saved);
    const { cooking } = await fresh();
    cooking.startCooking(RECIPE);
    expect(cooking.$cooking.get()).toMatchObject(expected);
  });
});

describe('the timer a step offers', () => {
  it('offers the verb and minutes of a step that mentions time, none otherwise', async () => {
    const { cooking, timers } = await fresh();
    cooking.startCooking(RECIPE);
    const offer = () => cooking.timerOffer(STEPS, cooking.$cooking.get(), timers.$timers.get());
    expect(offer()).toBeNull();
    cooking.goToStep(1);
    expect(offer()).toEqual({ name: 'Simmer', minutes: 10 });
    cooking.goToStep(2);
    expect(offer()).toEqual({ name: 'Bake', minutes: 25 });
  });

  it('"Not now" hides the offer on that step only', async () => {
    const { cooking, timers } = await fresh();
    cooking.startCooking(RECIPE);
    const offer = () => cooking.timerOffer(STEPS, cooking.$cooking.get(), timers.$timers.get());
    cooking.goToStep(1);
    cooking.declineOfferedTimer();
    expect(offer()).toBeNull();
    cooking.goToStep(2);
    expect(offer()).not.toBeNull();
    cooking.goToStep(1);
    expect(offer()).toBeNull();
  });

  it('starting it runs a cooking timer for this recipe; the offer comes back once that timer is removed', async () => {
    const { cooking, timers } = await fresh();
    cooking.startCooking(RECIPE);
    const offer = () => cooking.timerOffer(STEPS, cooking.$cooking.get(), timers.$timers.get());
    expect(cooking.startOfferedTimer()).toBeNull(); // step 1 offers nothing
    cooking.goToStep(1);
    const timer = cooking.startOfferedTimer();
    expect(timer).toMatchObject({ name: 'Simmer', duration: 600, running: true, origin: 'cook:7' });
    expect(offer()).toBeNull();
    expect(cooking.startOfferedTimer()).toBeNull();
    timers.removeTimer(timer!.id);
    expect(offer()).toEqual({ name: 'Simmer', minutes: 10 });
  });

  it('before the store is bound (the server render) the offer still follows the steps given', async () => {
    const { cooking, timers } = await fresh();
    const state = { ...cooking.$cooking.get(), step: 1 };
    expect(cooking.timerOffer(STEPS, state, timers.$timers.get())).toEqual({ name: 'Simmer', minutes: 10 });
  });
});

it('says the alert marks as a cook would hear them', async () => {
  const { cooking } = await fresh();
  expect([60, 30, 10].map(cooking.spokenLeft)).toEqual([
    'one minute left',
    '30 seconds left',
    '10 seconds left',
  ]);
});
