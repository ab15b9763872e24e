import type { SubmitEvent } from 'react';
import { bindFields, useFormValues, valuesFrom } from './form-values.ts';
import { useSaveForm, type SaveFormOptions } from './use-save-form.ts';

// The form of one listed item (a post, a page, a category): new or edited, its values bound to
// its controls, saved with POST when new and PUT when edited, and the toast saying which
// ('Post created.', 'Post updated.').

export interface ItemFormOptions<Item, Values extends object, Saved> extends Omit<
  SaveFormOptions<Values, Saved>,
  'save' | 'savedMessage' | 'failedMessage'
> {
  /** The item being edited, or undefined for a new one. */
  item: Item | undefined;
  /** The form's values for a new item; an edited item's own values take their place. */
  values: Values;
  /** The value the slug follows while the item is new ('title'); an edited item keeps its address. */
  slugFrom?: string;
  create: (values: Values) => Promise<Saved>;
  update: (item: Item, values: Values) => Promise<Saved>;
  /** What the toasts call the item: 'Post' gives 'Post created.' and 'Post updated.'. */
  noun: string;
  /** The error toast's fallback: one text, or one for creating and one for updating. */
  failedMessage: string | { create: string; update: string };
}

export function useItemForm<Item, Values extends object, Saved>({
  item,
  values: initial,
  slugFrom,
  create,
  update,
  noun,
  failedMessage,
  ...options
}: ItemFormOptions<Item, Values, Saved>) {
  const editing = item !== undefined;
  const { values, set } = useFormValues(() => valuesFrom(item ?? undefined, initial), {
    slugFrom: !editing && slugFrom,
  });
  const form = useSaveForm<Values, Saved>({
    ...options,
    save: (body) => (item === undefined ? create(body) : update(item, body)),
    savedMessage: `${noun} ${editing ? 'updated' : 'created'}.`,
    failedMessage:
      typeof failedMessage === 'string' ? failedMessage : failedMessage[editing ? 'update' : 'create'],
  });
  return {
    editing,
    values,
    set,
    errors: form.errors,
    saving: form.saving,
    field: bindFields(values, set, form.errors),
    submit: (event: SubmitEvent<HTMLFormElement>) => void form.submit(event, values),
  };
}
