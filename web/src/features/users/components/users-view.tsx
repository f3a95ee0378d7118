// The Users page (docs/screens.md#12-users-page, admins only): the list, Add user, and each user's role,
// Disable/Enable and Reset password; a generated password is shown once.
import type { ManagedUser, Role } from '@cmp/shared';
import { UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { changeUser, type UserAnswer, useUsers } from '../../../api/users';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fullName, roleLabel } from '../utils/user-view';
import { AddUserDialog } from './add-user-dialog';
import { type OneTimePassword, OneTimePasswordDialog } from './one-time-password-dialog';
import { UserActionDialog } from './user-action-dialog';
import { type UserAction, UsersTable } from './users-table';

const done: Record<UserAction, string> = {
  disable: 'User disabled',
  enable: 'User enabled',
  reset: 'Password reset',
};

export function UsersView({ currentUserId }: { currentUserId: number }) {
  const users = useUsers();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ user: ManagedUser; action: UserAction } | null>(null);
  const [shown, setShown] = useState<OneTimePassword | null>(null);
  // The button that started what ends in the password dialog, for focus to go back to.
  const opener = useRef<HTMLElement | null>(null);

  const showPassword = (answer: UserAnswer) => {
    if (answer.password) setShown({ username: answer.user.username, password: answer.password });
  };

  const confirmAction = async () => {
    if (!pending) return false;
    const { user, action } = pending;
    try {
      const answer = await changeUser(
        user.id,
        action === 'reset' ? { reset_password: true } : { disabled: action === 'disable' },
      );
      notifySuccess(done[action]);
      showPassword(answer);
      return true;
    } catch (error) {
      notifyError(error, 'Failed to change user');
      return false;
    }
  };

  const changeRole = async (user: ManagedUser, role: Role) => {
    try {
      await changeUser(user.id, { role });
      notifySuccess(`${fullName(user)} is now ${roleLabel(role)}`);
    } catch (error) {
      notifyError(error, 'Failed to change role');
    }
  };

  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in, and who may change settings and users."
        actions={
          <Button
            onClick={(event) => {
              opener.current = event.currentTarget;
              setAdding(true);
            }}
          >
            <UserPlus aria-hidden="true" />
            Add user
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-6">
          {users.data ? (
            <UsersTable
              users={users.data}
              currentUserId={currentUserId}
              onRoleChange={(user, role) => void changeRole(user, role)}
              onAction={(user, action, button) => {
                opener.current = button;
                setPending({ user, action });
              }}
            />
          ) : (
            <LoadingOrError
              error={users.error}
              what="Users"
              loadingLabel="Loading users"
              onRetry={() => void users.mutate()}
            />
          )}
        </CardContent>
      </Card>
      <AddUserDialog open={adding} onOpenChange={setAdding} onAdded={showPassword} />
      <UserActionDialog
        pending={pending}
        onOpenChange={(open) => !open && setPending(null)}
        onConfirm={confirmAction}
      />
      <OneTimePasswordDialog shown={shown} onClose={() => setShown(null)} returnFocusTo={opener} />
    </>
  );
}
