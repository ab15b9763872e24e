import { useMemo, useState, type SubmitEvent } from 'react';
import { recipeArticleHtml } from '../../../lib/recipe-article-html.ts';
import { api, errorText } from '../../../lib/api/client.ts';
import type { Category } from '../../../lib/schemas/category.ts';
import type { Recipe } from '../../../lib/schemas/recipe.ts';
import { showToast } from '../../../stores/toasts.ts';
import Dialog from '../../shared/Dialog.tsx';
import { issuesByPath } from '../shared/admin-api.ts';
import { CheckboxField, Panel, SelectField, TextArea, TextField } from '../shared/fields.tsx';
import ImageField from '../shared/ImageField.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { FaqsEditor, IngredientsEditor, StepsEditor, TagsInput } from './ListEditors.tsx';
import {
  DIFFICULTY_OPTIONS,
  draftFromRecipe,
  emptyDraft,
  NUTRIENTS,
  type NutrientKey,
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
  const [draft, setDraft] = useState<RecipeDraft>(() => (recipe ? draftFromRecipe(recipe) : emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const editing = recipe !== undefined;

  const set = <K extends keyof RecipeDraft>(key: K, value: RecipeDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key as string]) setErrors(({ [key as string]: _gone, ...rest }) => rest);
  };
  const setNutrient = (key: NutrientKey, value: string) =>
    setDraft((d) => ({ ...d, nutrition: { ...d.nutrition, [key]: value } }));

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

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-recipe-form] [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    // Checked by validateDraft above: this only gives the body its type.
    const input = recipeInputOf(draft);
    if (!input) return;
    setSaving(true);
    try {
      const saved = editing
        ? await api.put('/api/recipes/:id', { params: { id: recipe.id }, body: input })
        : await api.post('/api/recipes', { body: input });
      showToast({
        title: 'Success',
        description: editing ? 'Recipe updated successfully!' : 'Recipe created successfully!',
      });
      publishRequested();
      onSaved(saved);
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, editing ? 'Failed to update recipe' : 'Failed to create recipe'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  const previewHtml = previewing
    ? recipeArticleHtml(previewRecipe(draft, recipe), {
        categoryName: categories.find((c) => c.slug === draft.category)?.name ?? draft.category,
        cookHref: '#',
      })
    : '';

  return (
    <div className="grid gap-6">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6" data-recipe-form>
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
            <TextField
              className="sm:col-span-2"
              label="Title"
              name="title"
              required
              value={draft.title}
              onChange={(v) => set('title', v)}
              error={errors.title}
            />
            <TextArea
              className="sm:col-span-2"
              label="Description"
              name="description"
              required
              rows={2}
              value={draft.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
            />
            <TextArea
              className="sm:col-span-2"
              label="Summary (optional, shown above the recipe)"
              name="summary"
              rows={3}
              value={draft.summary}
              onChange={(v) => set('summary', v)}
              error={errors.summary}
            />
            <SelectField
              label="Category"
              name="category"
              required
              value={draft.category}
              placeholder="Choose a category"
              options={categoryOptions}
              onChange={(v) => set('category', v)}
              error={errors.category}
            />
            <TextField
              label="Cuisine"
              name="cuisine"
              required
              value={draft.cuisine}
              placeholder="Italian"
              onChange={(v) => set('cuisine', v)}
              error={errors.cuisine}
            />
            <SelectField
              label="Difficulty"
              name="difficulty"
              value={draft.difficulty}
              options={DIFFICULTY_OPTIONS}
              onChange={(v) => set('difficulty', v as RecipeDraft['difficulty'])}
              error={errors.difficulty}
            />
            <TextField
              label="Servings"
              name="servings"
              type="number"
              inputMode="numeric"
              min={1}
              required
              value={draft.servings}
              onChange={(v) => set('servings', v)}
              error={errors.servings}
            />
            <TextField
              label="Prep time (minutes)"
              name="prepTime"
              type="number"
              inputMode="numeric"
              min={1}
              required
              value={draft.prepTime}
              onChange={(v) => set('prepTime', v)}
              error={errors.prepTime}
            />
            <div className="space-y-2">
              {!draft.noCooking && (
                <TextField
                  label="Cook time (minutes)"
                  name="cookTime"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  required
                  value={draft.cookTime}
                  onChange={(v) => set('cookTime', v)}
                  error={errors.cookTime}
                />
              )}
              <CheckboxField
                label="No cooking"
                name="noCooking"
                checked={draft.noCooking}
                onChange={(v) => set('noCooking', v)}
                hint="For salads, dressings, overnight oats: cook time 0."
              />
            </div>
          </div>
        </Panel>

        <Panel title="Photo">
          <ImageField
            label="Recipe image"
            use="recipe"
            value={draft.image}
            onChange={(v) => set('image', v)}
            error={errors.image}
          />
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
            <TextField
              label="Calories (kcal)"
              name="calories"
              type="number"
              inputMode="numeric"
              min={1}
              required
              value={draft.calories}
              onChange={(v) => set('calories', v)}
              error={errors.calories ?? errors['nutrition.calories']}
            />
            {NUTRIENTS.map((n) => (
              <TextField
                key={n.key}
                label={`${n.label} (${n.unit})`}
                name={`nutrition.${n.key}`}
                inputMode="decimal"
                required={n.required}
                value={draft.nutrition[n.key]}
                onChange={(v) => setNutrient(n.key, v)}
                error={errors[`nutrition.${n.key}`]}
              />
            ))}
          </div>
        </Panel>

        <Panel title="Tags, questions and video">
          <div className="grid gap-6">
            <TagsInput tags={draft.tags} onChange={(v) => set('tags', v)} error={errors.tags} />
            <FaqsEditor faqs={draft.faqs} onChange={(v) => set('faqs', v)} />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label="Video URL"
                name="videoUrl"
                type="url"
                value={draft.videoUrl}
                onChange={(v) => set('videoUrl', v)}
                error={errors.videoUrl}
              />
              <TextField
                label="Video thumbnail URL"
                name="videoThumbnail"
                value={draft.videoThumbnail}
                onChange={(v) => set('videoThumbnail', v)}
                error={errors.videoThumbnail}
              />
              <TextField
                label="Video length (seconds)"
                name="videoDuration"
                type="number"
                inputMode="numeric"
                value={draft.videoDuration}
                onChange={(v) => set('videoDuration', v)}
                error={errors.videoDuration}
              />
            </div>
          </div>
        </Panel>

        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap justify-end gap-3 rounded-2xl pr-20 bg-cream/95 p-3 ring-1 ring-stone-200 backdrop-blur dark:bg-night/95 dark:ring-night-line">
          <button type="button" className="btn-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : editing ? 'Save changes' : 'Create recipe'}
          </button>
        </div>
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
