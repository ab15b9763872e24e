import type { ReactNode, SubmitEvent } from 'react';
import { Panel } from './fields.tsx';
import SaveBar from './SaveBar.tsx';

// The editor that takes a tab's place for one page or post: the form in a panel with a way back
// to the list, and below it what belongs to the saved item (its versions).

export default function EditorPanel({
  noun,
  item,
  form,
  onBack,
  children,
  below,
}: {
  /** What the item is: 'post' gives 'New post', 'Edit post: …', 'Back to posts' and 'Save post'. */
  noun: string;
  /** The item being edited, or undefined for a new one. */
  item: { title: string } | undefined;
  form: { saving: boolean; submit: (event: SubmitEvent<HTMLFormElement>) => void };
  onBack: () => void;
  /** The form's fields. */
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <Panel
        title={item ? `Edit ${noun}: ${item.title}` : `New ${noun}`}
        actions={
          <button type="button" className="btn-ghost" onClick={onBack}>
            Back to {noun}s
          </button>
        }
      >
        <form noValidate onSubmit={form.submit} className="grid gap-4">
          {children}
          <SaveBar busy={form.saving} label={`Save ${noun}`} />
        </form>
      </Panel>
      {below}
    </div>
  );
}
