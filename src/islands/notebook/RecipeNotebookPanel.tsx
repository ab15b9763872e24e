import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { cookedSentence, localDay } from '../../lib/notebook-dates.ts';
import { NOTEBOOK_LIMITS, type CookedSummary } from '../../lib/schemas/recipe-notebook.ts';
import { showToast } from '../../stores/toasts.ts';
import { Field, FormError, ServingsInput } from '../shared/fields.tsx';

// The signed-in cook's own corner of a recipe page: a private note that saves itself a moment
// after typing stops (with a visible Saving… / Saved state), and "I cooked this" with the day
// and servings. Loaded only for signed-in cooks; nothing of it is in the prebuilt page.

/** Quiet time after the last keystroke before the note is saved. */
const AUTOSAVE_MS = 800;

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export default function RecipeNotebookPanel({ recipeId }: { recipeId: number }) {
  const ids = useId();
  const [note, setNote] = useState<string | null>(null);
  const [cooked, setCooked] = useState<CookedSummary | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState('');
  const [cookedOn, setCookedOn] = useState(localDay());
  const [servings, setServings] = useState('');
  const [cookError, setCookError] = useState('');
  const [lastLogged, setLastLogged] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = useRef('');

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/recipes/:id/notebook', { params: { id: recipeId }, signal: controller.signal })
      .then((answer) => {
        saved.current = answer.note?.body ?? '';
        setNote(saved.current);
        setCooked(answer.cooked);
      })
      .catch(() => setSaveError('Your notebook could not be loaded. Reload the page to try again.'));
    return () => controller.abort();
  }, [recipeId]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async (body: string) => {
    setSaveState('saving');
    try {
      await api.put('/api/recipes/:id/note', { params: { id: recipeId }, body: { body } });
      saved.current = body;
      setSaveState('saved');
      setSaveError('');
    } catch (err) {
      setSaveState('error');
      setSaveError(errorText(err, 'Your note could not be saved. Please try again.'));
    }
  };

  const edit = (body: string) => {
    setNote(body);
    clearTimeout(timer.current);
    if (body.length > NOTEBOOK_LIMITS.noteLength) {
      setSaveState('error');
      setSaveError(`Notes are limited to ${NOTEBOOK_LIMITS.noteLength.toLocaleString('en')} characters`);
      return;
    }
    setSaveState('idle');
    timer.current = setTimeout(() => void save(body), AUTOSAVE_MS);
  };

  const markCooked = async (event: FormEvent) => {
    event.preventDefault();
    setCookError('');
    try {
      const answer = await api.post('/api/recipes/:id/cooked', {
        params: { id: recipeId },
        body: { cookedOn, servings: servings === '' ? null : Number(servings) },
      });
      setCooked(answer.cooked);
      setLastLogged(answer.id);
    } catch (err) {
      setCookError(errorText(err, 'Could not mark it as cooked. Please try again.'));
    }
  };

  const undo = async () => {
    if (lastLogged === null) return;
    try {
      const answer = await api.delete('/api/cooked/:id', { params: { id: lastLogged } });
      setCooked(answer.cooked);
      setLastLogged(null);
    } catch (err) {
      showToast({ title: 'Error', description: errorText(err, 'Could not undo.'), variant: 'destructive' });
    }
  };

  const status =
    saveState === 'saving'
      ? 'Saving…'
      : saveState === 'saved'
        ? 'Saved'
        : saveState === 'error'
          ? 'Not saved'
          : '';

  return (
    <section aria-labelledby={`${ids}-title`} className="card w-full basis-full p-5" data-print="hide">
      <h2 id={`${ids}-title`} className="font-serif text-xl font-bold">
        Your notebook
      </h2>
      <p className="mt-1" aria-live="polite" data-testid="cooked-summary">
        {cooked ? cookedSentence(cooked.count, cooked.lastOn) : ' '}
        {lastLogged !== null && (
          <button type="button" className="link ml-2" onClick={() => void undo()}>
            Undo
          </button>
        )}
      </p>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => void markCooked(e)} noValidate>
        <Field id={`${ids}-day`} label="Day">
          <input
            id={`${ids}-day`}
            type="date"
            className="field"
            value={cookedOn}
            max={localDay()}
            onChange={(e) => setCookedOn(e.target.value)}
          />
        </Field>
        <Field
          id={`${ids}-servings`}
          label={
            <>
              Servings <span className="muted font-normal">(optional)</span>
            </>
          }
        >
          <ServingsInput id={`${ids}-servings`} value={servings} onChange={setServings} />
        </Field>
        <button type="submit" className="btn-primary">
          I cooked this
        </button>
        <FormError className="w-full">{cookError}</FormError>
      </form>
      <div className="mt-4">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${ids}-note`} className="font-semibold">
            Private note <span className="muted text-sm font-normal">(only you can see it)</span>
          </label>
          <span className="muted text-sm" role="status" data-testid="note-status">
            {status}
          </span>
        </div>
        <textarea
          id={`${ids}-note`}
          className="field mt-1 min-h-28"
          value={note ?? ''}
          disabled={note === null}
          onChange={(e) => edit(e.target.value)}
          onBlur={() => {
            if (note !== null && note !== saved.current && note.length <= NOTEBOOK_LIMITS.noteLength) {
              clearTimeout(timer.current);
              void save(note);
            }
          }}
          aria-invalid={saveState === 'error' ? true : undefined}
          aria-describedby={`${ids}-count${saveError ? ` ${ids}-error` : ''}`}
          placeholder="What you changed, what worked, what to try next time"
        />
        <p id={`${ids}-count`} className="muted text-right text-xs">
          {(note ?? '').length.toLocaleString('en')} / {NOTEBOOK_LIMITS.noteLength.toLocaleString('en')}
        </p>
        <FormError id={`${ids}-error`}>{saveError}</FormError>
      </div>
    </section>
  );
}
