import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { detailFallbackImage } from '../../lib/fallback-images.ts';
import { scaleFactor } from '../../lib/quantities.ts';
import { ingredientSections, instructionTexts } from '../../lib/recipe-text.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { convertTemperaturesInText } from '../../lib/temperature-text.ts';
import { ingredientForDisplay } from '../../lib/unit-conversion.ts';
import { $servings, $unitSystem, loadUnitSystem, servingsFor } from '../../stores/recipe-view.ts';
import Dialog, { DialogClose } from '../shared/Dialog.tsx';

// The print dialog behind the "Print Recipe" button (PrintDialog.tsx loads it on first use):
// picture and nutrition on or off, text size, then a clean sheet with the amounts the reader is
// looking at (current servings and units), never split mid-section.

export type PrintRecipe = Pick<
  Recipe,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'image'
  | 'servings'
  | 'prepTime'
  | 'cookTime'
  | 'totalTime'
  | 'calories'
  | 'nutrition'
  | 'ingredients'
  | 'instructions'
>;

type TextSize = 'small' | 'normal' | 'large';
const TEXT_SIZES: { value: TextSize; label: string; pt: number }[] = [
  { value: 'small', label: 'Smaller', pt: 10 },
  { value: 'normal', label: 'Normal', pt: 12 },
  { value: 'large', label: 'Larger', pt: 15 },
];

interface PrintOptions {
  image: boolean;
  nutrition: boolean;
  size: TextSize;
}

export default function PrintPanel({ recipe, onClose }: { recipe: PrintRecipe; onClose: () => void }) {
  const [options, setOptions] = useState<PrintOptions>({ image: true, nutrition: true, size: 'normal' });
  const [printing, setPrinting] = useState(false);
  /** Closing the dialog to print must not unmount the sheet that is about to print. */
  const printingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const all = useStore($servings);
  const system = useStore($unitSystem);
  const ids = useId();
  useEffect(loadUnitSystem, []);
  const servings = servingsFor(recipe.id, recipe.servings, all);

  useEffect(() => {
    printingRef.current = printing;
    if (!printing) return;
    const done = () => {
      setPrinting(false);
      printingRef.current = false;
      onCloseRef.current();
    };
    window.addEventListener('afterprint', done, { once: true });
    // Let the sheet render before the browser's print dialog takes its snapshot.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const print = () => {
    printingRef.current = true;
    setPrinting(true);
  };

  return (
    <>
      <Dialog
        open={!printing}
        onClose={() => !printingRef.current && onClose()}
        title="Print Recipe"
        description={`Prints ${servings} ${servings === 1 ? 'serving' : 'servings'}${
          system === 'us' ? ' in US measures' : system === 'metric' ? ' in metric measures' : ''
        }, as shown on the page.`}
        size="md"
        name="print"
        footer={
          <>
            <DialogClose />
            <button type="submit" form={`${ids}-form`} className="btn-primary">
              Print
            </button>
          </>
        }
      >
        <form
          id={`${ids}-form`}
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            print();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Include</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={options.image}
                onChange={(e) => setOptions({ ...options, image: e.target.checked })}
              />
              Picture
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={options.nutrition}
                onChange={(e) => setOptions({ ...options, nutrition: e.target.checked })}
              />
              Nutrition per serving
            </label>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold">Text size</legend>
            <div className="mt-2 grid grid-cols-3 gap-2">
              {TEXT_SIZES.map((size) => (
                <label
                  key={size.value}
                  className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl text-sm font-medium ring-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${options.size === size.value ? 'bg-brand-700 text-white ring-brand-700 dark:bg-brand-300 dark:text-night' : 'ring-stone-300 dark:ring-night-line'}`}
                >
                  <input
                    type="radio"
                    name={`${ids}-size`}
                    className="sr-only"
                    checked={options.size === size.value}
                    onChange={() => setOptions({ ...options, size: size.value })}
                  />
                  {size.label}
                </label>
              ))}
            </div>
          </fieldset>
        </form>
      </Dialog>
      {printing &&
        createPortal(<PrintSheet recipe={recipe} options={options} servings={servings} />, document.body)}
    </>
  );
}

/** The printed page: only this is visible on paper while it is mounted. */
function PrintSheet({
  recipe,
  options,
  servings,
}: {
  recipe: PrintRecipe;
  options: PrintOptions;
  servings: number;
}) {
  const system = useStore($unitSystem);
  const factor = scaleFactor(servings, recipe.servings);
  const sections = ingredientSections(recipe.ingredients);
  const steps = instructionTexts(recipe.instructions);
  const pt = TEXT_SIZES.find((s) => s.value === options.size)?.pt ?? 12;
  const n = recipe.nutrition;
  const facts = n
    ? [
        ['Calories', String(n.calories)],
        ['Protein', n.protein],
        ['Carbs', n.carbs],
        ['Fat', n.fat],
        ['Fiber', n.fiber],
        ['Sugar', n.sugar],
        ['Sodium', n.sodium],
      ].filter((f): f is [string, string] => Boolean(f[1]))
    : [];
  const url = typeof location === 'undefined' ? '' : `${location.origin}/recipe/${recipe.slug}`;
  return (
    <div id="forkful-print" style={{ fontSize: `${pt}pt` }}>
      <style>{`
        @media screen { #forkful-print { display: none; } }
        @media print {
          body > :not(#forkful-print) { display: none !important; }
          #forkful-print { display: block; color: #000; font-family: Georgia, serif; line-height: 1.45; }
          #forkful-print h1 { font-size: 2em; margin: 0 0 .3em; }
          #forkful-print h2 { font-size: 1.3em; margin: 1.2em 0 .4em; break-after: avoid; }
          #forkful-print section, #forkful-print li { break-inside: avoid; }
          #forkful-print img { max-width: 100%; max-height: 9cm; object-fit: cover; border-radius: 6px; }
          #forkful-print .meta { display: flex; gap: 1.5em; flex-wrap: wrap; margin: .6em 0; }
          #forkful-print .cols { display: grid; grid-template-columns: 2fr 3fr; gap: 2em; }
          #forkful-print ol { padding-left: 1.4em; list-style: decimal; } #forkful-print ol li { margin-bottom: .5em; }
          #forkful-print ul { padding-left: 1.1em; list-style: disc; }
          #forkful-print h3 { font-size: 1.05em; font-weight: bold; margin: .8em 0 .2em; }
          #forkful-print .nutrition { display: flex; gap: 1.2em; flex-wrap: wrap; }
          #forkful-print .source { margin-top: 2em; font-size: .8em; color: #444; }
        }
      `}</style>
      <h1>{recipe.title}</h1>
      <p>{recipe.description}</p>
      <p className="meta">
        <span>Prep: {recipe.prepTime} min</span>
        <span>Cook: {recipe.cookTime} min</span>
        <span>Total: {recipe.totalTime} min</span>
        <span>Servings: {servings}</span>
      </p>
      {options.image && <img src={recipe.image || detailFallbackImage(recipe.id)} alt="" />}
      <div className="cols">
        <section>
          <h2>Ingredients</h2>
          {sections ? (
            sections.map((section, s) => (
              <div key={s}>
                {section.name && <h3>{section.name}</h3>}
                <ul>
                  {section.items.map((line, i) => (
                    <li key={i}>{ingredientForDisplay(line, factor, system)}</li>
                  ))}
                </ul>
              </div>
            ))
          ) : (
            <p>Unable to display ingredients</p>
          )}
        </section>
        <section>
          <h2>Instructions</h2>
          {steps ? (
            <ol>
              {steps.map((step, i) => (
                <li key={i}>{convertTemperaturesInText(step, system)}</li>
              ))}
            </ol>
          ) : (
            <p>Unable to display instructions</p>
          )}
        </section>
      </div>
      {options.nutrition && facts.length > 0 && (
        <section>
          <h2>Nutrition per serving</h2>
          <p className="nutrition">
            {facts.map(([label, value]) => (
              <span key={label}>
                {label}: {value}
              </span>
            ))}
          </p>
        </section>
      )}
      {url && <p className="source">{url}</p>}
    </div>
  );
}
