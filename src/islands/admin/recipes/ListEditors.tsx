import { useId, useState, type KeyboardEvent } from 'react';
import {
  addTags,
  emptyRow,
  emptyStep,
  move,
  rowKey,
  type FaqDraft,
  type IngredientRow,
  type IngredientSectionDraft,
  type StepDraft,
} from './recipe-draft.ts';

// The list parts of the recipe form, usable without knowing JSON: ingredient rows (quantity,
// unit, item, note) in named sections, numbered steps that move up and down, tags as chips, FAQs.

const small =
  'inline-flex min-h-9 min-w-9 items-center justify-center rounded-full px-2.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-brand-50 disabled:opacity-40 dark:ring-night-line dark:hover:bg-stone-800';
const cell = 'field min-h-10 rounded-lg px-3 py-2 text-sm';

export function IngredientsEditor({
  sections,
  onChange,
  error,
}: {
  sections: IngredientSectionDraft[];
  onChange: (next: IngredientSectionDraft[]) => void;
  error?: string | undefined;
}) {
  const setSection = (index: number, section: IngredientSectionDraft) =>
    onChange(sections.map((s, i) => (i === index ? section : s)));
  const setRow = (si: number, ri: number, patch: Partial<IngredientRow>) => {
    const section = sections[si]!;
    setSection(si, { ...section, rows: section.rows.map((r, i) => (i === ri ? { ...r, ...patch } : r)) });
  };
  const many = sections.length > 1;

  return (
    <fieldset className="space-y-4" aria-describedby={error ? 'ingredients-error' : undefined}>
      <legend className="px-1 text-sm font-semibold">
        Ingredients{' '}
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          *
        </span>
      </legend>
      {sections.map((section, si) => (
        <div
          key={section.key}
          className="space-y-2 rounded-xl p-3 ring-1 ring-stone-200 dark:ring-night-line"
          data-ingredient-section={si}
        >
          <div className="flex flex-wrap items-end gap-2">
            <label className="grow text-xs font-semibold">
              Section name {many ? '' : '(optional, e.g. "For the sauce")'}
              <input
                className={`${cell} mt-1`}
                name={`section-${si}-name`}
                value={section.name}
                placeholder={many ? 'e.g. For the sauce' : 'No section'}
                onChange={(event) => setSection(si, { ...section, name: event.target.value })}
              />
            </label>
            {many && (
              <button
                type="button"
                className={small}
                onClick={() => onChange(sections.filter((_, i) => i !== si))}
              >
                Remove section
              </button>
            )}
          </div>
          <div className="hidden grid-cols-[5rem_6rem_1fr_1fr_auto] gap-2 px-1 text-xs font-semibold sm:grid">
            <span>Quantity</span>
            <span>Unit</span>
            <span>Ingredient</span>
            <span>Note</span>
            <span className="sr-only">Actions</span>
          </div>
          <ol className="space-y-2">
            {section.rows.map((row, ri) => (
              <li
                key={row.key}
                className="grid grid-cols-[5rem_6rem_1fr] gap-2 sm:grid-cols-[5rem_6rem_1fr_1fr_auto]"
                data-ingredient-row
              >
                <input
                  className={cell}
                  aria-label={`Quantity, ingredient ${ri + 1}`}
                  name="quantity"
                  value={row.quantity}
                  placeholder={ri === 0 ? '1 1/2' : undefined}
                  onChange={(event) => setRow(si, ri, { quantity: event.target.value })}
                />
                <input
                  className={cell}
                  aria-label={`Unit, ingredient ${ri + 1}`}
                  name="unit"
                  value={row.unit}
                  placeholder={ri === 0 ? 'cups' : undefined}
                  onChange={(event) => setRow(si, ri, { unit: event.target.value })}
                />
                <input
                  className={cell}
                  aria-label={`Ingredient ${ri + 1}`}
                  name="item"
                  value={row.item}
                  placeholder={ri === 0 ? 'flour' : undefined}
                  onChange={(event) => setRow(si, ri, { item: event.target.value })}
                />
                <input
                  className={`${cell} col-span-2 sm:col-span-1`}
                  aria-label={`Note, ingredient ${ri + 1}`}
                  name="note"
                  value={row.note}
                  placeholder={ri === 0 ? 'sifted' : undefined}
                  onChange={(event) => setRow(si, ri, { note: event.target.value })}
                />
                <div className="flex gap-1">
                  <button
                    type="button"
                    className={small}
                    aria-label={`Move ingredient ${ri + 1} up`}
                    disabled={ri === 0}
                    onClick={() => setSection(si, { ...section, rows: move(section.rows, ri, ri - 1) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={small}
                    aria-label={`Remove ingredient ${ri + 1}`}
                    onClick={() =>
                      setSection(si, {
                        ...section,
                        rows:
                          section.rows.length > 1 ? section.rows.filter((_, i) => i !== ri) : [emptyRow()],
                      })
                    }
                  >
                    ✕
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={small}
            onClick={() => setSection(si, { ...section, rows: [...section.rows, emptyRow()] })}
          >
            + Add ingredient{many && section.name ? ` to ${section.name}` : ''}
          </button>
        </div>
      ))}
      <button
        type="button"
        className={small}
        onClick={() => onChange([...sections, { key: rowKey(), name: '', rows: [emptyRow()] }])}
      >
        + Add section
      </button>
      {error && (
        <p id="ingredients-error" className="px-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function StepsEditor({
  steps,
  onChange,
  error,
}: {
  steps: StepDraft[];
  onChange: (next: StepDraft[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'instructions-error' : undefined}>
      <legend className="px-1 text-sm font-semibold">
        Steps{' '}
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          *
        </span>
      </legend>
      <ol className="space-y-3">
        {steps.map((step, i) => (
          <li key={step.key} className="flex gap-2" data-step-row>
            <span className="mt-2 w-7 flex-none text-right font-serif text-lg font-bold" aria-hidden="true">
              {i + 1}.
            </span>
            <textarea
              className="field min-h-20 grow rounded-lg px-3 py-2 text-sm"
              aria-label={`Step ${i + 1}`}
              name="step"
              rows={2}
              value={step.text}
              onChange={(event) =>
                onChange(steps.map((s, j) => (j === i ? { ...s, text: event.target.value } : s)))
              }
            />
            <div className="flex flex-col gap-1">
              <button
                type="button"
                className={small}
                aria-label={`Move step ${i + 1} up`}
                disabled={i === 0}
                onClick={() => onChange(move(steps, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className={small}
                aria-label={`Move step ${i + 1} down`}
                disabled={i === steps.length - 1}
                onClick={() => onChange(move(steps, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className={small}
                aria-label={`Remove step ${i + 1}`}
                onClick={() => onChange(steps.length > 1 ? steps.filter((_, j) => j !== i) : [emptyStep()])}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className={small} onClick={() => onChange([...steps, emptyStep()])}>
        + Add step
      </button>
      {error && (
        <p id="instructions-error" className="px-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function TagsInput({
  tags,
  onChange,
  error,
}: {
  tags: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const commit = () => {
    if (!text.trim()) return;
    onChange(addTags(tags, text));
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && !text && tags.length) onChange(tags.slice(0, -1));
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block px-1 text-sm font-semibold">
        Tags{' '}
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          *
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="chip gap-1 py-1 pr-1" data-tag>
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-stone-200 dark:hover:bg-stone-700"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name="tag"
          className={`field min-h-10 w-56 rounded-lg px-3 py-2 text-sm ${error ? 'border-red-600' : ''}`}
          value={text}
          placeholder="Type a tag, press Enter"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKey}
          onBlur={commit}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="px-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function FaqsEditor({ faqs, onChange }: { faqs: FaqDraft[]; onChange: (next: FaqDraft[]) => void }) {
  const set = (i: number, patch: Partial<FaqDraft>) =>
    onChange(faqs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <fieldset className="space-y-3">
      <legend className="px-1 text-sm font-semibold">Questions and answers (optional)</legend>
      {faqs.map((faq, i) => (
        <div key={faq.key} className="grid gap-2 rounded-xl p-3 ring-1 ring-stone-200 dark:ring-night-line">
          <input
            className={cell}
            aria-label={`Question ${i + 1}`}
            value={faq.question}
            placeholder="Can I make it ahead?"
            onChange={(event) => set(i, { question: event.target.value })}
          />
          <textarea
            className="field min-h-16 rounded-lg px-3 py-2 text-sm"
            aria-label={`Answer ${i + 1}`}
            value={faq.answer}
            rows={2}
            onChange={(event) => set(i, { answer: event.target.value })}
          />
          <button
            type="button"
            className={`${small} justify-self-start`}
            onClick={() => onChange(faqs.filter((_, j) => j !== i))}
          >
            Remove question
          </button>
        </div>
      ))}
      <button
        type="button"
        className={small}
        onClick={() => onChange([...faqs, { key: rowKey(), question: '', answer: '' }])}
      >
        + Add question
      </button>
    </fieldset>
  );
}
