// The confirmation before Disable, Enable or Reset password (docs/screens.md#12-users-page): it says
// what the action does to the user's sessions.
import type { ManagedUser } from '@cmp/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { fullName } from '../utils/user-view';
import type { UserAction } from './users-table';

const texts: Record<UserAction, { title: string; confirm: string; busy: string; body: string }> = {
  disable: {
    title: 'Disable user',
    confirm: 'Disable',
    busy: 'Disabling...',
    body: 'They are signed out at once and cannot sign in until they are enabled again.',
  },
  enable: {
    title: 'Enable user',
    confirm: 'Enable',
    busy: 'Enabling...',
    body: 'They can sign in again with their password.',
  },
  reset: {
    title: 'Reset password',
    confirm: 'Reset password',
    busy: 'Resetting...',
    body: 'Their password is replaced by a new one, shown to you once, and they are signed out everywhere.',
  },
};

export function UserActionDialog({
  pending,
  onOpenChange,
  onConfirm,
}: {
  pending: { user: ManagedUser; action: UserAction } | null;
  onOpenChange(open: boolean): void;
  onConfirm(): Promise<boolean>;
}) {
  const text = texts[pending?.action ?? 'disable'];
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={onOpenChange}
      title={text.title}
      description={
        <p>
          {pending ? `${fullName(pending.user)} (${pending.user.username}): ` : ''}
          {text.body}
        </p>
      }
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      onConfirm={onConfirm}
    />
  );
}
