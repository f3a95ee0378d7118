import { describe, expect, it } from 'vitest';
import { validateUserForm } from './user-form';

const values = {
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  role: 'staff',
  password: '',
} as const;

describe('validateUserForm', () => {
  it('leaves an empty password out, so the server generates one', () => {
    expect(validateUserForm(values)).toEqual({
      ok: true,
      value: { email: 'ada@example.com', username: 'ada', first_name: 'Ada', role: 'staff' },
    });
  });

  it("says what is wrong with the API's words", () => {
    expect(validateUserForm({ ...values, password: 'short' })).toEqual({
      ok: false,
      error: 'Password must be at least 8 characters',
    });
    expect(validateUserForm({ ...values, email: 'nope', firstName: ' ' })).toEqual({
      ok: false,
      error: 'Email must be a valid e-mail address; First name is required',
    });
  });
});
