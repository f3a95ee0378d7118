import type { RequestBody } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { ADMIN, type Answer } from '../support/test-stack';

// Users in the app (docs/api.md#users): admins list, add, disable, enable, reset and change roles;
// staff get 403; the last active admin stays.
const { stack, token } = await signedInStack();

const listUsers = (as = token) => stack.api('GET /api/users', { token: as });
const addUser = (body: RequestBody<'POST /api/users'>, as = token) =>
  stack.api('POST /api/users', { token: as, body });
const changeUser = (id: number, body: Record<string, unknown>, as = token) =>
  stack.api('PATCH /api/users/{id}', { token: as, body, params: { id } });
const adminId = async () =>
  (await listUsers()).body.users.find((u) => u.username === ADMIN.username)?.id ?? 0;
/** A route any signed-in user may call: 200 while the token is good, 401 once it is not. */
const tokenWorks = async (as: string) => (await stack.api('GET /api/categories', { token: as })).status;
const signIn = (email: string, password: string) =>
  stack.api('POST /api/auth/login', { body: { email, password } });

const person = (name: string, role: 'admin' | 'staff' = 'staff') => ({
  email: `${name}@example.com`,
  username: name,
  first_name: name[0]?.toUpperCase() + name.slice(1),
  role,
});

describe('the last active admin', () => {
  it('cannot be disabled or made staff while no other admin is active: 409 with a message', async () => {
    const id = await adminId();

    const disabled = await changeUser(id, { disabled: true });
    const demoted = await changeUser(id, { role: 'staff' });

    for (const answer of [disabled, demoted]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(
        'The last active administrator (admin) cannot be disabled or made staff: make another user an administrator first',
      );
    }
    expect(await tokenWorks(token)).toBe(200);
    const admin = (await listUsers()).body.users.find((user) => user.id === id);
    expect(admin).toMatchObject({ role: 'admin', disabled: false });
  });

  it('may be disabled while another admin is active; a disabled admin does not count', async () => {
    const added = await addUser({ ...person('ada', 'admin'), password: 'ada-password-1' });
    const adaId = added.body.user.id;
    const adaToken = await stack.login('ada@example.com', 'ada-password-1');

    const adaDisabled = await changeUser(adaId, { disabled: true });
    const selfDemoted = await changeUser(await adminId(), { role: 'staff' });
    const adaEnabled = await changeUser(adaId, { disabled: false });
    const adaDemoted = await changeUser(adaId, { role: 'staff' });

    expect(adaDisabled.status).toBe(200);
    expect(await tokenWorks(adaToken)).toBe(401);
    expect(selfDemoted.status).toBe(409);
    expect(adaEnabled.status).toBe(200);
    expect(adaDemoted.status).toBe(200);
    expect(adaDemoted.body.user).toMatchObject({ role: 'staff', disabled: false });
  });
});

describe('admins', () => {
  it('list every user with role, state, when added and when last signed in', async () => {
    const { status, body } = await listUsers();

    expect(status).toBe(200);
    const admin = body.users.find((user) => user.username === ADMIN.username);
    expect(admin).toMatchObject({ email: ADMIN.email, role: 'admin', disabled: false });
    expect(Date.parse(admin?.created_at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(admin?.last_login_at ?? '')).toBeGreaterThan(Date.now() - 600_000);
  });

  it('add a user without a password: a generated one comes back once and signs them in', async () => {
    const { status, body } = await addUser(person('grace'));

    expect(status).toBe(201);
    expect(body.user).toMatchObject({
      username: 'grace',
      firstName: 'Grace',
      role: 'staff',
      disabled: false,
    });
    expect(body.user.last_login_at).toBeNull();
    expect(body.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const login = await signIn('grace@example.com', body.password ?? '');
    expect(login.status).toBe(200);
    const listed = (await listUsers()).body.users.find((user) => user.id === body.user.id);
    expect(listed?.last_login_at).not.toBeNull();
    expect(JSON.stringify((await listUsers()).body)).not.toContain(body.password);
  });

  it('add a user with the password they type, which is not sent back', async () => {
    const { status, body } = await addUser({ ...person('linus'), password: 'linus-password-1' });

    expect(status).toBe(201);
    expect(body.password).toBeUndefined();
    expect((await signIn('linus@example.com', 'linus-password-1')).status).toBe(200);
  });

  it.each([
    [{ ...person('shorty'), password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...person('longpass'), password: 'x'.repeat(2000) }, 'Password must be at most 1024 characters'],
    [{ ...person('mail'), email: 'not-an-address' }, 'Email must be a valid e-mail address'],
    [
      { ...person('spaces'), username: 'two words' },
      'Username may contain only letters, digits, dot, dash and underscore',
    ],
    [{ ...person('nameless'), first_name: '  ' }, 'First name is required'],
    [{ ...person('king'), role: 'king' }, 'Role must be admin, staff or viewer'],
  ])('are refused a user that breaks a rule with 400 and a message (%#)', async (body, message) => {
    const answer = await stack.send<Answer<'POST /api/users'>>('POST', '/api/users', { token, body });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
  });

  it('are refused a taken e-mail or username with 409, as npm run user:add is', async () => {
    const email = await addUser({ ...person('other'), email: ADMIN.email });
    const username = await addUser({ ...person('other'), username: 'ADMIN' });

    expect(email.status).toBe(409);
    expect(email.body.error).toBe(`A user with e-mail ${ADMIN.email} already exists`);
    expect(username.status).toBe(409);
    expect(username.body.error).toBe('A user named ADMIN already exists');
  });

  it('disable a user: their token stops working at once and they cannot sign in; enabling lets them sign in again', async () => {
    const { body } = await addUser({ ...person('sam'), password: 'sam-password-1' });
    const samToken = await stack.login('sam@example.com', 'sam-password-1');
    expect(await tokenWorks(samToken)).toBe(200);

    const disabled = await changeUser(body.user.id, { disabled: true });

    expect(disabled.status).toBe(200);
    expect(disabled.body.user.disabled).toBe(true);
    expect(await tokenWorks(samToken)).toBe(401);
    expect((await signIn('sam@example.com', 'sam-password-1')).status).toBe(401);

    const enabled = await changeUser(body.user.id, { disabled: false });

    expect(enabled.body.user.disabled).toBe(false);
    expect(await tokenWorks(samToken)).toBe(401);
    expect((await signIn('sam@example.com', 'sam-password-1')).status).toBe(200);
  });

  it('reset a password: a new one comes back once, the old one and their sessions end', async () => {
    const { body } = await addUser({ ...person('rita'), password: 'rita-password-1' });
    const ritaToken = await stack.login('rita@example.com', 'rita-password-1');

    const reset = await changeUser(body.user.id, { reset_password: true });

    expect(reset.status).toBe(200);
    expect(reset.body.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await tokenWorks(ritaToken)).toBe(401);
    expect((await signIn('rita@example.com', 'rita-password-1')).status).toBe(401);
    expect((await signIn('rita@example.com', reset.body.password ?? '')).status).toBe(200);
  });

  it('change a role: a staff user made admin may then manage users', async () => {
    const { body } = await addUser({ ...person('mo'), password: 'mo-password-1' });
    const moToken = await stack.login('mo@example.com', 'mo-password-1');
    expect((await listUsers(moToken)).status).toBe(403);

    const promoted = await changeUser(body.user.id, { role: 'admin' });

    expect(promoted.body.user.role).toBe('admin');
    expect((await listUsers(moToken)).status).toBe(200);
  });

  it('get 404 for a user that does not exist and 400 for a change that changes nothing', async () => {
    const missing = await changeUser(9999, { disabled: true });
    const empty = await changeUser(await adminId(), {});

    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('User not found');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Send disabled, role or reset_password: true');
  });
});

describe('staff', () => {
  it('get 403 with a message on every users route, and change nothing', async () => {
    const { body } = await addUser({ ...person('pat'), password: 'pat-password-1' });
    const staffToken = await stack.login('pat@example.com', 'pat-password-1');

    const answers = [
      await listUsers(staffToken),
      await addUser({ ...person('intruder'), password: 'intruder-pass-1' }, staffToken),
      await changeUser(body.user.id, { role: 'admin' }, staffToken),
      await changeUser(await adminId(), { disabled: true }, staffToken),
    ];

    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('Only an administrator can manage users');
    }
    const users = (await listUsers()).body.users;
    expect(users.find((user) => user.username === 'intruder')).toBeUndefined();
    expect(users.find((user) => user.id === body.user.id)?.role).toBe('staff');
    expect(users.find((user) => user.username === ADMIN.username)?.disabled).toBe(false);
  });
});
