import { useId, useState, type KeyboardEvent } from 'react';
import { Field, invalidLook, invalidProps, Section } from '../shared/fields.tsx';
import { listEdits } from '../shared/list-edits.ts';
import { ListButton, RowControls, rowInput } from '../shared/ListEditor.tsx';
import {
  addTags,
  emptyRow,
  emptyStep,
  rowKey,
  type FaqDraft,
  type IngredientRow,
  type IngredientSectionDraft,
  type StepDraft,
} from './recipe-draft.ts';

// The list parts of the recipe form, usable without knowing JSON: ingredient rows (quantity,
// unit, item, note) in named sections, numbered steps that move up and down, tags as chips, FAQs.

/** An ingredient row's inputs: its value, its label for screen readers, the first row's example. */
const INGREDIENT_CELLS: {
  key: Exclude<keyof IngredientRow, 'key'>;
  label: (n: number) => string;
  example: string;
  className?: string;
}[] = [
  { key: 'quantity', label: (n) => `Quantity, ingredient ${n}`, example: '1 1/2' },
  { key: 'unit', label: (n) => `Unit, ingredient ${n}`, example: 'cups' },
  { key: 'item', label: (n) => `Ingredient ${n}`, example: 'flour' },
  {
    key: 'note',
    label: (n) => `Note, ingredient ${n}`,
    example: 'sifted',
    className: 'col-span-2 sm:col-span-1',
  },
];

const newSection = (): IngredientSectionDraft => ({ key: rowKey(), name: '', rows: [emptyRow()] });

export function IngredientsEditor({
  sections,
  onChange,
  error,
}: {
  sections: IngredientSectionDraft[];
  onChange: (next: IngredientSectionDraft[]) => void;
  error?: string | undefined;
}) {
  const sectionEdits = listEdits(sections, onChange, { newItem: newSection });
  const many = sections.length > 1;

  return (
    <Section legend="Ingredients" required error={error} errorId="ingredients-error" className="space-y-4">
      {sections.map((section, si) => {
        const rowEdits = listEdits(section.rows, (rows) => sectionEdits.update(si, { rows }), {
          newItem: emptyRow,
          keepOne: true,
        });
        return (
          <div
            key={section.key}
            className="space-y-2 rounded-xl p-3 ring-1 ring-stone-200 dark:ring-night-line"
            data-ingredient-section={si}
          >
            <div className="flex flex-wrap items-end gap-2">
              <label className="grow text-xs font-semibold">
                Section name {many ? '' : '(optional, e.g. "For the sauce")'}
                <input
                  className={`${rowInput} mt-1`}
                  name={`section-${si}-name`}
                  value={section.name}
                  placeholder={many ? 'e.g. For the sauce' : 'No section'}
                  onChange={(event) => sectionEdits.update(si, { name: event.target.value })}
                />
              </label>
              {many && <ListButton onClick={() => sectionEdits.remove(si)}>Remove section</ListButton>}
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
                  {INGREDIENT_CELLS.map((cell) => (
                    <input
                      key={cell.key}
                      className={cell.className ? `${rowInput} ${cell.className}` : rowInput}
                      aria-label={cell.label(ri + 1)}
                      name={cell.key}
                      value={row[cell.key]}
                      placeholder={ri === 0 ? cell.example : undefined}
                      onChange={(event) => rowEdits.update(ri, { [cell.key]: event.target.value })}
                    />
                  ))}
                  <RowControls
                    noun="ingredient"
                    index={ri}
                    count={section.rows.length}
                    edits={rowEdits}
                    down={false}
                    className="flex gap-1"
                  />
                </li>
              ))}
            </ol>
            <ListButton onClick={rowEdits.add}>
              + Add ingredient{many && section.name ? ` to ${section.name}` : ''}
            </ListButton>
          </div>
        );
      })}
      <ListButton onClick={sectionEdits.add}>+ Add section</ListButton>
    </Section>
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
  const edits = listEdits(steps, onChange, { newItem: emptyStep, keepOne: true });
  return (
    <Section legend="Steps" required error={error} errorId="instructions-error" className="space-y-3">
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
              onChange={(event) => edits.update(i, { text: event.target.value })}
            />
            <RowControls
              noun="step"
              index={i}
              count={steps.length}
              edits={edits}
              className="flex flex-col gap-1"
            />
          </li>
        ))}
      </ol>
      <ListButton onClick={edits.add}>+ Add step</ListButton>
    </Section>
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
    <Field id={id} label="Tags" required error={error}>
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
          className={`field min-h-10 w-56 rounded-lg px-3 py-2 text-sm ${invalidLook(error)}`}
          value={text}
          placeholder="Type a tag, press Enter"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKey}
          onBlur={commit}
          {...invalidProps(id, error)}
        />
      </div>
    </Field>
  );
}

const newFaq = (): FaqDraft => ({ key: rowKey(), question: '', answer: '' });

export function FaqsEditor({ faqs, onChange }: { faqs: FaqDraft[]; onChange: (next: FaqDraft[]) => void }) {
  const edits = listEdits(faqs, onChange, { newItem: newFaq });
  return (
    <Section legend="Questions and answers (optional)" className="space-y-3">
      {faqs.map((faq, i) => (
        <div key={faq.key} className="grid gap-2 rounded-xl p-3 ring-1 ring-stone-200 dark:ring-night-line">
          <input
            className={rowInput}
            aria-label={`Question ${i + 1}`}
            value={faq.question}
            placeholder="Can I make it ahead?"
            onChange={(event) => edits.update(i, { question: event.target.value })}
          />
          <textarea
            className="field min-h-16 rounded-lg px-3 py-2 text-sm"
            aria-label={`Answer ${i + 1}`}
            value={faq.answer}
            rows={2}
            onChange={(event) => edits.update(i, { answer: event.target.value })}
          />
          <ListButton className="justify-self-start" onClick={() => edits.remove(i)}>
            Remove question
          </ListButton>
        </div>
      ))}
      <ListButton onClick={edits.add}>+ Add question</ListButton>
    </Section>
  );
}
