import { ADMINS_ONLY_USERS } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { ADMIN } from '../support/test-stack';

// Two admins, the only active ones, taking each other away at the same moment (docs/rules.md#18-roles-and-permissions).
const { stack, token } = await signedInStack();
interface Admin {
  id: number;
  username: string;
  token: string;
}

const PASSWORD = 'racing-password-1';
const ROUNDS = 8;

const changeUser = (id: number, body: Record<string, unknown>, as: string) =>
  stack.api('PATCH /api/users/{id}', { token: as, body, params: { id } });
const listUsers = async (as: string) => (await stack.api('GET /api/users', { token: as })).body.users;
/** A route any signed-in user may call: 200 while the token is good, 401 once it is not. */
const tokenWorks = async (as: string) => (await stack.api('GET /api/categories', { token: as })).status;
const lastAdmin = (username: string) =>
  `The last active administrator (${username}) cannot be disabled or made staff: make another user an administrator first`;

/** An admin added by `by`, signed in. */
async function newAdmin(name: string, by: Admin): Promise<Admin> {
  const added = await stack.api('POST /api/users', {
    token: by.token,
    body: {
      email: `${name}@example.com`,
      username: name,
      first_name: 'Racer',
      role: 'admin',
      password: PASSWORD,
    },
  });
  return {
    id: added.body.user.id,
    username: name,
    token: await stack.login(`${name}@example.com`, PASSWORD),
  };
}

/** The admin the rounds so far left active. */
let survivor: Admin = { id: 1, username: ADMIN.username, token };

/**
 * Rounds of the survivor and a new admin making the same change to each other; the winner goes on.
 * The loser's request is refused in one of two ways, depending on when it is read: as taking away the
 * last admin (409), or, when the winner's change landed before it was even authorised, as coming from
 * someone no longer an admin (`tooLate`).
 */
async function raceRounds(
  prefix: string,
  change: Record<string, unknown>,
  tooLate: { status: number; error?: string },
  check: (winner: Admin, loser: Admin) => Promise<void>,
) {
  for (let round = 0; round < ROUNDS; round++) {
    const newcomer = await newAdmin(`${prefix}${round}`, survivor);

    const answers = await Promise.all([
      changeUser(newcomer.id, change, survivor.token),
      changeUser(survivor.id, change, newcomer.token),
    ]);

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const [winner, loser] = answers[0].status === 200 ? [survivor, newcomer] : [newcomer, survivor];
    const lost = answers.find((answer) => answer.status !== 200);
    const refusal = { status: lost?.status, error: lost?.body.error };
    // The loser tried to take the winner away, the last active admin by then.
    expect([{ status: 409, error: lastAdmin(winner.username) }, tooLate]).toContainEqual(refusal);
    await check(winner, loser);
    survivor = winner;
  }
}

describe('two admins taking each other away at the same moment', () => {
  it('disabling: one wins; the loser is disabled and signed out, the winner keeps every session', async () => {
    await raceRounds(
      'disabler',
      { disabled: true },
      { status: 401, error: 'Account disabled' },
      async (winner, loser) => {
        expect(await tokenWorks(winner.token)).toBe(200);
        expect(await tokenWorks(loser.token)).toBe(401);
        const users = await listUsers(winner.token);
        expect(users.find((user) => user.id === winner.id)).toMatchObject({ role: 'admin', disabled: false });
        expect(users.find((user) => user.id === loser.id)).toMatchObject({ role: 'admin', disabled: true });
      },
    );
  });

  it('making staff: one wins and stays an admin; both stay signed in', async () => {
    await raceRounds(
      'demoter',
      { role: 'staff' },
      { status: 403, error: ADMINS_ONLY_USERS },
      async (winner, loser) => {
        expect(await tokenWorks(winner.token)).toBe(200);
        expect(await tokenWorks(loser.token)).toBe(200);
        const users = await listUsers(winner.token);
        expect(users.find((user) => user.id === winner.id)).toMatchObject({ role: 'admin', disabled: false });
        expect(users.find((user) => user.id === loser.id)).toMatchObject({ role: 'staff', disabled: false });
      },
    );
  });
});
