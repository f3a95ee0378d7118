/**
 * A local stack in a process of its own, for tests that need one to die: started on DATA_DIR
 * (API only, a free port, the tests' admin), it prints `READY <url>`, and kills itself with SIGKILL
 * (no shutdown, as a crash or a pulled plug would) when its input says `die`.
 */
import { startLocalStack } from '../../local/stack';
import { ADMIN } from './test-stack';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('Set DATA_DIR');
const stack = await startLocalStack({
  dataDir,
  port: 0,
  serveWeb: false,
  admin: { email: ADMIN.email, password: ADMIN.password },
  log: () => undefined,
  hostOnly: { weakPasswordHashingForTests: true },
});
process.stdin.on('data', (chunk) => {
  if (chunk.toString().includes('die')) process.kill(process.pid, 'SIGKILL');
});
console.log(`READY ${stack.url}`);
