// The role picker: 'Staff', 'Administrator' or 'Viewer' (docs/rules.md#18-roles-and-permissions).
import type { Role } from '@cmp/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { roleLabel } from '../utils/user-view';

export function RoleSelect({
  id,
  label,
  value,
  disabled,
  onChange,
  className,
}: {
  id?: string;
  /** The accessible name when no <Label> names the control. */
  label?: string;
  value: Role;
  disabled?: boolean;
  onChange(role: Role): void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Role)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="staff">{roleLabel('staff')}</SelectItem>
        <SelectItem value="admin">{roleLabel('admin')}</SelectItem>
        <SelectItem value="viewer">{roleLabel('viewer')}</SelectItem>
      </SelectContent>
    </Select>
  );
}
