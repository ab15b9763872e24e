import { map } from 'nanostores';
import { detectStepTimer, type StepTimer } from '../lib/step-timers.ts';
import { convertTemperaturesInText } from '../lib/temperature-text.ts';
import { $unitSystem } from './recipe-view.ts';
import { $timers, addTimer, type KitchenTimer } from './timers.ts';

// Cooking mode's state, apart from its views: which step the cook is on (kept
// for the visit), reading aloud (voice on/off and speed, remembered on this device; while reading
// is on, every step change reads the new step), and the timer a step offers ("This step takes 10
// minutes. Set a Simmer timer?"), declined or started once per step.
//
// One cooking page shows one recipe: `startCooking` binds the store to it once the page runs in
// the browser (never during the server render, whose output must match the first client render).

export const SPEECH_RATE = { min: 0.5, max: 2, step: 0.1, default: 1 } as const;

export interface CookingState {
  recipeId: number | null;
  /** The step texts as written (temperatures are converted when shown or spoken). */
  steps: readonly string[];
  /** 0-based. */
  step: number;
  voiceOn: boolean;
  /** Reading the current step aloud, and each new one as the cook moves on. */
  reading: boolean;
  /** Speech rate, SPEECH_RATE.min–max. */
  rate: number;
  /** This browser can speak (Web Speech API); false until the page runs. */
  canSpeak: boolean;
  /** Steps whose timer offer the cook turned down. */
  declined: Readonly<Record<number, true>>;
  /** The timer started from each step's offer, by step. */
  stepTimers: Readonly<Record<number, string>>;
}

const INITIAL: CookingState = {
  recipeId: null,
  steps: [],
  step: 0,
  voiceOn: true,
  reading: false,
  rate: SPEECH_RATE.default,
  canSpeak: false,
  declined: {},
  stepTimers: {},
};

export const $cooking = map<CookingState>(INITIAL);

const VOICE_KEY = 'forkful:cook-voice';
const stepKey = (recipeId: number) => `forkful:cook-step:${recipeId}`;

/** The `origin` of timers started in cooking mode for a recipe (the kitchen helper's have none). */
export const cookingTimerOrigin = (recipeId: number) => `cook:${recipeId}`;

/**
 * Binds the store to the recipe on this page: restores the step reached in this visit and the
 * voice settings. Returns the clean-up (stops speaking).
 */
export function startCooking(recipe: { id: number; steps: readonly string[] }): () => void {
  const saved = readJson<number>(sessionStore(), stepKey(recipe.id));
  const voice = readJson<{ on?: unknown; rate?: unknown }>(localStore(), VOICE_KEY);
  const rate = Number(voice?.rate);
  $cooking.set({
    ...INITIAL,
    recipeId: recipe.id,
    steps: recipe.steps,
    step: Number.isInteger(saved) && saved! >= 0 && saved! < recipe.steps.length ? saved! : 0,
    voiceOn: voice?.on !== false,
    rate: rate >= SPEECH_RATE.min && rate <= SPEECH_RATE.max ? rate : SPEECH_RATE.default,
    canSpeak: speechAvailable(),
  });
  return stopSpeaking;
}

/** Goes to step `index` (0-based); out of range does nothing. Reads it aloud while reading is on. */
export function goToStep(index: number): void {
  const { steps, step, recipeId } = $cooking.get();
  if (!Number.isInteger(index) || index < 0 || index >= steps.length || index === step) return;
  $cooking.setKey('step', index);
  if (recipeId !== null) writeJson(sessionStore(), stepKey(recipeId), index);
  readCurrentStep();
}

export const nextStep = () => goToStep($cooking.get().step + 1);
export const previousStep = () => goToStep($cooking.get().step - 1);

/** Start/pause reading: starting reads the current step at once. */
export function toggleReading(): void {
  const { reading, voiceOn, canSpeak } = $cooking.get();
  if (reading) {
    $cooking.setKey('reading', false);
    stopSpeaking();
  } else if (voiceOn && canSpeak) {
    $cooking.setKey('reading', true);
    readCurrentStep();
  }
}

/** The voice switch: off also stops reading. */
export function setVoiceOn(on: boolean): void {
  $cooking.setKey('voiceOn', on);
  if (!on) {
    $cooking.setKey('reading', false);
    stopSpeaking();
  }
  saveVoice();
}

/** A new speed takes effect at once: the current step is read again at it. */
export function setSpeechRate(rate: number): void {
  if (!Number.isFinite(rate)) return;
  $cooking.setKey('rate', Math.min(SPEECH_RATE.max, Math.max(SPEECH_RATE.min, rate)));
  saveVoice();
  readCurrentStep();
}

/** Says a timer alert after whatever is being said, when the voice is on. */
export function speakAlert(sentence: string): void {
  const { voiceOn, canSpeak, rate } = $cooking.get();
  if (voiceOn && canSpeak) speak(sentence, rate, false);
}

/**
 * The timer the current step offers, while it is neither declined nor already running. Takes the
 * steps itself, so the server render (before `startCooking`) shows the first step's offer too.
 */
export function timerOffer(
  steps: readonly string[],
  state: CookingState,
  timers: readonly KitchenTimer[],
): StepTimer | null {
  const suggestion = detectStepTimer(steps[state.step] ?? '');
  if (!suggestion || state.declined[state.step]) return null;
  const started = state.stepTimers[state.step];
  if (started !== undefined && timers.some((t) => t.id === started)) return null;
  return suggestion;
}

/** Starts the current step's offered timer (running at once); null when there is no offer. */
export function startOfferedTimer(): KitchenTimer | null {
  const state = $cooking.get();
  const offer = timerOffer(state.steps, state, $timers.get());
  if (!offer || state.recipeId === null) return null;
  const timer = addTimer({
    name: offer.name,
    minutes: offer.minutes,
    origin: cookingTimerOrigin(state.recipeId),
    start: true,
  });
  $cooking.setKey('stepTimers', { ...state.stepTimers, [state.step]: timer.id });
  return timer;
}

/** "Not now": the offer goes for this step. */
export function declineOfferedTimer(): void {
  const { declined, step } = $cooking.get();
  $cooking.setKey('declined', { ...declined, [step]: true });
}

/** "one minute left", "30 seconds left": how an alert mark is said. */
export function spokenLeft(seconds: number): string {
  return seconds === 60 ? 'one minute left' : `${seconds} seconds left`;
}

function readCurrentStep(): void {
  const { reading, voiceOn, canSpeak, steps, step, rate } = $cooking.get();
  if (!reading || !voiceOn || !canSpeak) return;
  speak(`Step ${step + 1}. ${convertTemperaturesInText(steps[step] ?? '', $unitSystem.get())}`, rate, true);
}

function saveVoice(): void {
  const { voiceOn, rate } = $cooking.get();
  writeJson(localStore(), VOICE_KEY, { on: voiceOn, rate });
}

// Reading aloud with the Web Speech API: in every current browser, but not everywhere (some
// Linux and embedded browsers have none), so everything above checks `canSpeak` first.

function speechAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined'
  );
}

/** `interrupt` stops what is being said first (a new step); otherwise it queues (an alert). */
function speak(text: string, rate: number, interrupt: boolean): void {
  if (!speechAvailable()) return;
  if (interrupt) window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = rate;
  window.speechSynthesis.speak(utterance);
}

function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered; the page still works.
  }
}
