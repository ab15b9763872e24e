import type { ReactNode, SubmitEvent } from 'react';
import { Panel } from './fields.tsx';
import SaveBar from './SaveBar.tsx';

// The editor that takes a tab's place for one page or post: the form in a panel with a way back
// to the list, and below it what belongs to the saved item (its versions).

export default function EditorPanel({
  title,
  backLabel,
  onBack,
  onSubmit,
  saving,
  saveLabel,
  children,
  below,
}: {
  title: string;
  /** The back button's text, e.g. 'Back to posts'. */
  backLabel: string;
  onBack: () => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** The submit button's text, e.g. 'Save post'. */
  saveLabel: string;
  /** The form's fields. */
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <Panel
        title={title}
        actions={
          <button type="button" className="btn-ghost" onClick={onBack}>
            {backLabel}
          </button>
        }
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {children}
          <SaveBar busy={saving} label={saveLabel} />
        </form>
      </Panel>
      {below}
    </div>
  );
}
