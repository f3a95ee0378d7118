/**
 * `npm run user:add -- --email E --username U --first-name F [--last-name L] [--role admin|staff] [--password P]`
 *
 * Adds a user to the local data (DATA_DIR, default .data; also while `npm start` runs), or to a
 * deployed table when TABLE_NAME is set (AWS credentials and region from the usual AWS settings).
 * Without --password it asks for one.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { addUser } from '@cmp/functions/auth/users';
import { connectTable } from './connect-table';

const USAGE =
  'Usage: npm run user:add -- --email E --username U --first-name F [--last-name L] [--role admin|staff] [--password P]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email || !values.username || !values['first-name']) {
    console.error(`Missing --email, --username or --first-name.\n${USAGE}`);
    return 2;
  }
  const password = values.password ?? (await askPassword());

  const target = await connectTable();
  try {
    const user = await addUser({
      email: values.email,
      username: values.username,
      firstName: values['first-name'],
      lastName: values['last-name'] ?? '',
      role: values.role as 'admin' | 'staff' | undefined,
      password,
    });
    console.log(
      `Added ${user.role} ${user.username} <${user.email}> (id ${user.id}) to ${target.description}.`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

/** Reads the password without echoing it on a terminal; piped input is read as one line. */
function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    let prompted = false;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (text: string) => {
      if (!prompted) {
        prompted = true;
        write(text);
      }
    };
  }
  return new Promise((done) =>
    rl.question('Password (at least 8 characters): ', (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      done(answer);
    }),
  );
}

main()
  .then((code) => process.exit(code))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
