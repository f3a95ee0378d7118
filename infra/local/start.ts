/**
 * `npm start`: the whole product on this machine at http://localhost:3000 (PORT), data kept under
 * .data/ (DATA_DIR) across restarts.
 */
import { demoSummary } from './demo/demo-summary';
import { startLocalStack } from './stack';

const port = Number(process.env.PORT ?? 3000);
const demoShopPort = Number(process.env.DEMO_SHOP_PORT ?? port + 100);
const demo = process.env.DEMO !== '0';
const sesPort = Number(process.env.SES_PORT ?? port + 200);

try {
  const stack = await startLocalStack({
    port,
    ...(process.env.HOST ? { host: process.env.HOST } : {}),
    dataDir: process.env.DATA_DIR ?? '.data',
    schedule: true,
    ...(demo ? { demoShopPort } : {}),
    sesPort,
    admin: {
      ...(process.env.ADMIN_EMAIL ? { email: process.env.ADMIN_EMAIL } : {}),
      ...(process.env.ADMIN_PASSWORD ? { password: process.env.ADMIN_PASSWORD } : {}),
    },
  });
  console.log(`\nCheck My Price is running at ${stack.url}`);
  if (stack.demoShop) console.log(demoSummary(stack.demoShop.port, stack.demoShop.origin).join('\n'));
  if (stack.webhookInboxUrl)
    console.log(`Alerts sent to the demo's webhook arrive at: ${stack.webhookInboxUrl}`);
  if (stack.ses)
    console.log(`Alert e-mail goes to the local SES stand-in, which shows it at: ${stack.ses.endpoint}`);
  const admin = stack.createdAdmin;
  if (admin?.generated) {
    console.log(`Sign in as ${admin.email} with password ${admin.password}`);
    console.log('This password is shown only once. Add more users with: npm run user:add -- --help');
  } else if (admin) {
    console.log(`Sign in as ${admin.email} with the password from ADMIN_PASSWORD.`);
  } else {
    console.log('Sign in with an existing account (add one with: npm run user:add -- --help).');
  }
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    // A check still in flight (a slow shop page) can fail on its way out once its servers close,
    // as a rejection or as an error thrown from a socket's event: that is the stop working, not a
    // failure of it: say so instead of exiting with an error.
    const leftover = (reason: unknown) =>
      console.error(
        `A task still running while stopping ended with: ${(reason as Error)?.message ?? reason}`,
      );
    process.on('unhandledRejection', leftover);
    process.on('uncaughtException', leftover);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const { code, message, port: busyPort } = error as NodeJS.ErrnoException & { port?: number };
  if (code === 'EADDRINUSE' && demo && busyPort === demoShopPort) {
    console.error(
      `Port ${demoShopPort} (the demo shop) is already in use: stop the other program, set DEMO_SHOP_PORT, or run DEMO=0 npm start`,
    );
  } else if (code === 'EADDRINUSE' && busyPort === sesPort) {
    console.error(
      `Port ${sesPort} (the local SES stand-in) is already in use: stop the other program or set SES_PORT`,
    );
  } else if (code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is already in use: stop the other program or choose another port, e.g. PORT=3001 npm start`,
    );
  } else {
    console.error(`Could not start Check My Price: ${message}`);
  }
  process.exit(1);
}
