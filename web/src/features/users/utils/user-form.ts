// The 'Add user' form (docs/rules.md#18-roles-and-permissions): the API's own rules (shared
// newUserRequestSchema), so the form says what the server would; an empty password is left out.
import { type FormCheck, type NewUserRequest, newUserRequestSchema, type Role } from '@cmp/shared';

export interface UserFormValues {
  email: string;
  username: string;
  firstName: string;
  role: Role;
  password: string;
}

export function validateUserForm(values: UserFormValues): FormCheck<NewUserRequest> {
  const input: NewUserRequest = {
    email: values.email.trim(),
    username: values.username,
    first_name: values.firstName,
    role: values.role,
    ...(values.password ? { password: values.password } : {}),
  };
  const checked = newUserRequestSchema.safeParse(input);
  return checked.success
    ? { ok: true, value: input }
    : { ok: false, error: checked.error.issues.map((issue) => issue.message).join('; ') };
}
