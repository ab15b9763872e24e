import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { ChangePasswordFormSchema } from '../../../lib/schemas/user.ts';
import { changePassword } from '../../../stores/session.ts';
import NewPasswordField, { weakPasswordError } from '../../auth/NewPasswordField.tsx';
import { Panel, TextField } from '../shared/fields.tsx';
import { bindFields, useFormValues, type FieldErrors } from '../shared/form-values.ts';
import SaveBar from '../shared/SaveBar.tsx';
import { useSaveForm } from '../shared/use-save-form.ts';

// The Password tab: the shared change-password form schema's
// messages inline; the server's message or 'Failed to change password. Please check your current password.' on failure.

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The shared schema's messages, then the strength estimate the server refuses guessable passwords with. */
async function passwordProblems(form: typeof EMPTY): Promise<FieldErrors> {
  const found = fieldErrors(ChangePasswordFormSchema, form) ?? {};
  if (!found.newPassword) {
    const weak = await weakPasswordError(form.newPassword, ['admin']).catch(() => undefined);
    if (weak) found.newPassword = weak;
  }
  return found;
}

export default function PasswordTab() {
  const { values, setValues, set } = useFormValues(EMPTY);
  const { errors, saving, submit } = useSaveForm({
    check: passwordProblems,
    save: (form: typeof EMPTY) =>
      changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword }),
    savedMessage: 'Password changed. Other devices have been logged out.',
    failedMessage: 'Failed to change password. Please check your current password.',
    publishes: false,
    onSaved: () => setValues(EMPTY),
  });
  const field = bindFields(values, set, errors);

  return (
    <Panel title="Change password" className="max-w-xl">
      <form noValidate onSubmit={(event) => void submit(event, values)} className="grid gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field.text('currentPassword')}
        />
        <NewPasswordField label="New password" userInputs={['admin']} {...field.text('newPassword')} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field.text('confirmPassword')}
        />
        <SaveBar busy={saving} busyLabel="Changing…" label="Change password" />
      </form>
    </Panel>
  );
}
