import { useStore } from '@nanostores/react';
import { $cooking, setSpeechRate, setVoiceOn, SPEECH_RATE, toggleReading } from '../../stores/cooking.ts';
import Switch from '../kitchen/Switch.tsx';
import { BIG_BUTTON } from './StepCard.tsx';

// Reading aloud: the voice switch, start/pause reading, and the speech rate
// 0.5–2 in steps of 0.1. Browsers without speech say so instead.

export default function ReadAloudCard({ headingId }: { headingId: string }) {
  const { canSpeak, voiceOn, reading, rate } = useStore($cooking);
  return (
    <section aria-labelledby={headingId} className="card space-y-3 p-5">
      <h2 id={headingId} className="font-serif text-lg font-bold">
        Read aloud
      </h2>
      {canSpeak ? (
        <>
          <Switch checked={voiceOn} onChange={setVoiceOn}>
            Voice
          </Switch>
          <button
            type="button"
            className={`${BIG_BUTTON} w-full ${reading ? 'bg-stone-800 text-white dark:bg-stone-200 dark:text-night' : 'bg-brand-700 text-white dark:bg-brand-300 dark:text-night'}`}
            onClick={toggleReading}
            disabled={!voiceOn}
            aria-pressed={reading}
          >
            {reading ? 'Pause reading' : 'Start reading'}
          </button>
          <label className="grid gap-1 text-sm font-medium">
            <span className="flex justify-between">
              Speech rate <span className="tabular-nums">{rate.toFixed(1)}×</span>
            </span>
            <input
              type="range"
              min={SPEECH_RATE.min}
              max={SPEECH_RATE.max}
              step={SPEECH_RATE.step}
              value={rate}
              disabled={!voiceOn}
              onChange={(e) => setSpeechRate(Number(e.target.value))}
              className="h-11 accent-brand-700 dark:accent-brand-300"
            />
          </label>
        </>
      ) : (
        <p className="muted text-sm">Reading aloud isn't available in this browser.</p>
      )}
    </section>
  );
}
