// The users list (docs/screens.md#12-users-page): name, e-mail, username, role, state and last sign-in,
// with the role picker and the Disable/Enable and Reset password actions. Your own row has none: another
// admin changes it, so no one locks themselves out from here.
import { formatDateTime, type ManagedUser, type Role } from '@cmp/shared';
import type { MouseEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { fullName, roleLabel } from '../utils/user-view';
import { RoleSelect } from './role-select';

export type UserAction = 'disable' | 'enable' | 'reset';

export function UsersTable({
  users,
  currentUserId,
  onRoleChange,
  onAction,
}: {
  users: readonly ManagedUser[];
  currentUserId: number;
  onRoleChange(user: ManagedUser, role: Role): void;
  /** `opener` is the button, for focus to return to after the dialogs it starts. */
  onAction(user: ManagedUser, action: UserAction, opener: HTMLElement): void;
}) {
  const act = (user: ManagedUser, action: UserAction) => (event: MouseEvent<HTMLElement>) =>
    onAction(user, action, event.currentTarget);
  return (
    <Table label="Users">
      <TableHeader>
        <TableRow>
          <TableHead sticky>Name</TableHead>
          <TableHead>E-mail</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last sign-in</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const self = user.id === currentUserId;
          const name = fullName(user);
          return (
            <TableRow key={user.id}>
              <TableCell sticky className="font-medium">
                {name}
                {self ? <span className="text-muted-foreground"> (you)</span> : null}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{user.username}</TableCell>
              <TableCell>
                {self ? (
                  roleLabel(user.role)
                ) : (
                  <RoleSelect
                    label={`Role of ${name}`}
                    value={user.role}
                    onChange={(role) => onRoleChange(user, role)}
                    className="w-36"
                  />
                )}
              </TableCell>
              <TableCell>
                <Badge variant={user.disabled ? 'secondary' : 'success'}>
                  {user.disabled ? 'Disabled' : 'Active'}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(user.last_login_at)}</TableCell>
              <TableCell>
                {self ? null : (
                  <div className="flex justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${name}`}
                      onClick={act(user, user.disabled ? 'enable' : 'disable')}
                    >
                      {user.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Reset password of ${name}`}
                      onClick={act(user, 'reset')}
                    >
                      Reset password
                    </Button>
                  </div>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
