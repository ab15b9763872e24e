import { useMemo, useState } from 'react';
import { recipeArticleHtml } from '../../../lib/recipe-article-html.ts';
import { api } from '../../../lib/api/client.ts';
import type { Category } from '../../../lib/schemas/category.ts';
import type { Recipe } from '../../../lib/schemas/recipe.ts';
import Dialog from '../../shared/Dialog.tsx';
import { CheckboxField, NumberField, Panel, SelectField, TextArea, TextField } from '../shared/fields.tsx';
import { bindFields, useFormValues } from '../shared/form-values.ts';
import ImageField from '../shared/ImageField.tsx';
import SaveBar from '../shared/SaveBar.tsx';
import { useSaveForm } from '../shared/use-save-form.ts';
import { FaqsEditor, IngredientsEditor, StepsEditor, TagsInput } from './ListEditors.tsx';
import {
  DIFFICULTY_OPTIONS,
  draftFromRecipe,
  emptyDraft,
  NUTRIENTS,
  type RecipeDraft,
} from './recipe-draft.ts';
import DietsField from './DietsField.tsx';
import { inputFromDraft, recipeInputOf } from './recipe-input.ts';
import { previewRecipe } from './recipe-preview.ts';
import { validateDraft } from './recipe-validation.ts';
import StepIngredientsEditor from './StepIngredientsEditor.tsx';
import VersionsPanel from './VersionsPanel.tsx';

// The recipe form: every recipe field a cook fills in, checked with the shared
// schema before sending (its messages inline), then POST /api/recipes or PUT /api/recipes/{id}
// with the success and failure toasts ('Recipe created successfully!', 'Failed to create recipe'). Editing shows the earlier versions, each restorable in one click.

export default function RecipeForm({
  recipe,
  categories,
  onSaved,
  onCancel,
}: {
  recipe?: Recipe | undefined;
  categories: Category[];
  onSaved: (recipe: Recipe) => void;
  onCancel: () => void;
}) {
  const {
    values: draft,
    setValues: setDraft,
    set: setValue,
  } = useFormValues<RecipeDraft>(() => (recipe ? draftFromRecipe(recipe) : emptyDraft()));
  const [previewing, setPreviewing] = useState(false);
  const editing = recipe !== undefined;
  const { errors, setErrors, saving, submit } = useSaveForm({
    check: validateDraft,
    save: (values: RecipeDraft) => {
      // Checked by validateDraft first: this only gives the body its type.
      const input = recipeInputOf(values);
      if (!input) throw new Error('The recipe is not complete.');
      return editing
        ? api.put('/api/recipes/:id', { params: { id: recipe.id }, body: input })
        : api.post('/api/recipes', { body: input });
    },
    savedMessage: editing ? 'Recipe updated successfully!' : 'Recipe created successfully!',
    failedMessage: editing ? 'Failed to update recipe' : 'Failed to create recipe',
    onSaved,
  });

  /** A change clears the value's own error: the rest stay until the next save. */
  const set = (path: string, value: unknown) => {
    setValue(path, value);
    if (errors[path]) setErrors(({ [path]: _gone, ...rest }) => rest);
  };
  const field = bindFields(draft, set, errors);

  // The steps and ingredients as they would be saved: what the step ingredients refer to.
  const stepSource = useMemo(() => {
    const input = inputFromDraft({ ...draft, stepIngredients: null });
    return { steps: input.instructions as string[], ingredients: input.ingredients };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only these two parts of the draft matter
  }, [draft.sections, draft.steps]);

  const categoryOptions = useMemo(
    () => categories.map((c) => ({ value: c.slug, label: c.name })),
    [categories],
  );

  const errorCount = Object.keys(errors).length;
  const previewHtml = previewing
    ? recipeArticleHtml(previewRecipe(draft, recipe), {
        categoryName: categories.find((c) => c.slug === draft.category)?.name ?? draft.category,
        cookHref: '#',
      })
    : '';

  return (
    <div className="grid gap-6">
      <form
        onSubmit={(event) => void submit(event, draft)}
        noValidate
        className="grid gap-6"
        data-recipe-form
      >
        <Panel
          title={editing ? `Edit: ${recipe.title}` : 'New recipe'}
          actions={
            <>
              <button type="button" className="btn-ghost" onClick={() => setPreviewing(true)}>
                Preview
              </button>
              <button type="button" className="btn-ghost" onClick={onCancel}>
                Back to list
              </button>
            </>
          }
        >
          {errorCount > 0 && (
            <p
              role="alert"
              className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              Please correct the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField className="sm:col-span-2" label="Title" required {...field.text('title')} />
            <TextArea
              className="sm:col-span-2"
              label="Description"
              required
              rows={2}
              {...field.text('description')}
            />
            <TextArea
              className="sm:col-span-2"
              label="Summary (optional, shown above the recipe)"
              rows={3}
              {...field.text('summary')}
            />
            <SelectField
              label="Category"
              required
              placeholder="Choose a category"
              options={categoryOptions}
              {...field.text('category')}
            />
            <TextField label="Cuisine" required placeholder="Italian" {...field.text('cuisine')} />
            <SelectField label="Difficulty" options={DIFFICULTY_OPTIONS} {...field.text('difficulty')} />
            <NumberField label="Servings" range={{ min: 1 }} required {...field.text('servings')} />
            <NumberField
              label="Prep time (minutes)"
              range={{ min: 1 }}
              required
              {...field.text('prepTime')}
            />
            <div className="space-y-2">
              {!draft.noCooking && (
                <NumberField
                  label="Cook time (minutes)"
                  range={{ min: 1 }}
                  required
                  {...field.text('cookTime')}
                />
              )}
              <CheckboxField
                label="No cooking"
                hint="For salads, dressings, overnight oats: cook time 0."
                {...field.check('noCooking')}
              />
            </div>
          </div>
        </Panel>

        <Panel title="Photo">
          <ImageField label="Recipe image" use="recipe" {...field.text('image')} />
        </Panel>

        <Panel title="Ingredients">
          <IngredientsEditor
            sections={draft.sections}
            onChange={(v) => set('sections', v)}
            error={errors.ingredients}
          />
        </Panel>

        <Panel title="Instructions">
          <StepsEditor steps={draft.steps} onChange={(v) => set('steps', v)} error={errors.instructions} />
        </Panel>

        <StepIngredientsEditor
          value={draft.stepIngredients}
          source={stepSource}
          onChange={(v) => set('stepIngredients', v)}
        />
        <DietsField
          value={draft.diets}
          automatic={recipe?.dietsByHand ? [] : (recipe?.diets ?? [])}
          onChange={(v) => set('diets', v)}
        />
        {errors.stepIngredients && (
          <p className="px-1 text-sm text-red-700 dark:text-red-400" role="alert">
            {errors.stepIngredients}
          </p>
        )}

        <Panel title="Nutrition per serving">
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              label="Calories (kcal)"
              range={{ min: 1 }}
              required
              {...field.text('calories')}
              error={errors.calories ?? errors['nutrition.calories']}
            />
            {NUTRIENTS.map((n) => (
              <TextField
                key={n.key}
                label={`${n.label} (${n.unit})`}
                inputMode="decimal"
                required={n.required}
                {...field.text(`nutrition.${n.key}`)}
              />
            ))}
          </div>
        </Panel>

        <Panel title="Tags, questions and video">
          <div className="grid gap-6">
            <TagsInput tags={draft.tags} onChange={(v) => set('tags', v)} error={errors.tags} />
            <FaqsEditor faqs={draft.faqs} onChange={(v) => set('faqs', v)} />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField label="Video URL" type="url" {...field.text('videoUrl')} />
              <TextField label="Video thumbnail URL" {...field.text('videoThumbnail')} />
              <NumberField label="Video length (seconds)" {...field.text('videoDuration')} />
            </div>
          </div>
        </Panel>

        <SaveBar
          sticky
          onCancel={onCancel}
          busy={saving}
          label={editing ? 'Save changes' : 'Create recipe'}
        />
      </form>

      {editing && (
        <VersionsPanel
          item={recipe}
          onRestored={(restored) => {
            setDraft(draftFromRecipe(restored));
            setErrors({});
            onSaved(restored);
          }}
        />
      )}

      <Dialog
        open={previewing}
        onClose={() => setPreviewing(false)}
        size="page"
        title="Preview"
        name="recipe-preview"
      >
        {/* The same renderer as the public recipe page; every value is escaped by it. */}
        <div className="pb-4" dangerouslySetInnerHTML={{ __html: previewHtml }} />
      </Dialog>
    </div>
  );
}
