/**
 * `npm run dev`: hot reload. The local API stack on PORT+1 (data in .data/ as with `npm start`),
 * and Vite's dev server on PORT (default 3000) proxying `/api` and `/config.json` to it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, webDir } from './paths';
import { startLocalStack } from './stack';

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);
const sesPort = Number(process.env.SES_PORT ?? port + 200);

const stack = await startLocalStack({
  port: apiPort,
  serveWeb: false,
  dataDir: process.env.DATA_DIR ?? '.data',
  sesPort,
  // Alerts link to the app where the browser opens it: Vite's port, not the API's.
  env: { APP_URL: process.env.APP_URL || `http://localhost:${port}` },
  admin: {
    ...(process.env.ADMIN_EMAIL ? { email: process.env.ADMIN_EMAIL } : {}),
    ...(process.env.ADMIN_PASSWORD ? { password: process.env.ADMIN_PASSWORD } : {}),
  },
}).catch((error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `${error.message} (set API_PORT or SES_PORT)` : error.message);
  process.exit(1);
});
if (stack.ses)
  console.log(`Alert e-mail goes to the local SES stand-in, which shows it at: ${stack.ses.endpoint}`);
if (stack.createdAdmin?.generated) {
  console.log(
    `Sign in as ${stack.createdAdmin.email} with password ${stack.createdAdmin.password} (shown once)`,
  );
}

const vite = spawn(
  process.execPath,
  [join(repoRoot, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'],
  {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  },
);

const stop = async () => {
  vite.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => {
  void stack.stop().then(() => process.exit(code ?? 0));
});
