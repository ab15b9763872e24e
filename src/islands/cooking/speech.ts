// Reading aloud with the Web Speech API (speechSynthesis): available in every current browser,
// but not everywhere (some Linux and embedded browsers have no voices), so callers check first.

export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 2;
export const SPEECH_RATE_STEP = 0.1;
export const SPEECH_RATE_DEFAULT = 1;

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** Speaks `text`; `interrupt` stops what is being said first (a new step), otherwise it queues (an alert). */
export function speak(text: string, rate: number, options: { interrupt?: boolean; onEnd?: () => void } = {}): void {
  if (!speechAvailable()) return;
  const synth = window.speechSynthesis;
  if (options.interrupt) synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = Math.min(SPEECH_RATE_MAX, Math.max(SPEECH_RATE_MIN, rate));
  if (options.onEnd) utterance.onend = options.onEnd;
  synth.speak(utterance);
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}

/** "one minute", "30 seconds": how an alert mark is said. */
export function spokenLeft(seconds: number): string {
  if (seconds === 60) return 'one minute left';
  return `${seconds} seconds left`;
}
