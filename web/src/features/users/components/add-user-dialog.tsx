// Add user (docs/screens.md#add-user-dialog): e-mail, username, first name, role and an optional
// password; left empty, the server generates one and `onAdded` gets it to show once.
import type { Role } from '@cmp/shared';
import { useId, useRef, useState } from 'react';
import { addUser, type UserAnswer } from '../../../api/users';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Input } from '../../../components/ui/input';
import { useSaveForm } from '../../../components/use-save-form';
import { validateUserForm } from '../utils/user-form';
import { RoleSelect } from './role-select';

export function AddUserDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdded(answer: UserAnswer): void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <AddUserForm onClose={() => onOpenChange(false)} onAdded={onAdded} />
    </FormDialog>
  );
}

function AddUserForm({ onClose, onAdded }: { onClose(): void; onAdded(answer: UserAnswer): void }) {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [firstName, setFirstName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [password, setPassword] = useState('');
  const id = useId();
  const answer = useRef<UserAnswer | null>(null);

  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: ['email', 'username', 'first_name', 'password'],
    validate: () => validateUserForm({ email, username, firstName, role, password }),
    save: async (input) => {
      answer.current = await addUser(input);
    },
    success: 'User added',
    failure: 'Failed to add user',
    onSaved: () => {
      onClose();
      if (answer.current) onAdded(answer.current);
    },
  });

  return (
    <DialogForm
      title="Add user"
      description="They sign in with their e-mail address or username and the password."
      error={error}
      busy={saving}
      submitLabel="Add user"
      busyLabel="Adding..."
      onSubmit={submit}
      values={{ email, username, firstName, role, password }}
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <FormField id={`${id}-email`} error={fieldErrors.email} label="E-mail">
          <Input
            id={`${id}-email`}
            {...fieldErrorProps(`${id}-email`, fieldErrors.email)}
            type="email"
            autoComplete="off"
            aria-required="true"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-username`} error={fieldErrors.username} label="Username">
          <Input
            id={`${id}-username`}
            {...fieldErrorProps(`${id}-username`, fieldErrors.username)}
            autoComplete="off"
            aria-required="true"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-first-name`} error={fieldErrors.first_name} label="First name">
          <Input
            id={`${id}-first-name`}
            {...fieldErrorProps(`${id}-first-name`, fieldErrors.first_name)}
            autoComplete="off"
            aria-required="true"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-role`} label="Role">
          <RoleSelect id={`${id}-role`} value={role} onChange={setRole} disabled={saving} />
        </FormField>
        <FormField id={`${id}-password`} error={fieldErrors.password} label="Password (optional)">
          <Input
            id={`${id}-password`}
            {...fieldErrorProps(`${id}-password`, fieldErrors.password, `${id}-password-hint`)}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id={`${id}-password-hint`} className="text-sm text-muted-foreground">
            Leave empty to generate one; it is shown once after adding.
          </p>
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
