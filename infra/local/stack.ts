import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join, resolve } from 'node:path';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { runCompletedPattern, runCompletedTarget } from '@cmp/functions/alerts/run-events';
import { addUser } from '@cmp/functions/auth/users';
import { repairClaims } from '@cmp/functions/catalogue/claim-repairs';
import { importQueuedPattern, importQueuedTarget } from '@cmp/functions/catalogue/csv/import-events';
import { type HostOnlySettings, provideSettings, type SettingsSource } from '@cmp/functions/config';
import { hasAnyUser } from '@cmp/functions/data/user.repository';
import { readDiscoveryConfig } from '@cmp/functions/discovery/discovery.config';
import { discoveryTasks } from '@cmp/functions/discovery/discovery-tasks';
import { awsClientOptions } from '@cmp/functions/lib/aws-client';
import { endRunsOfLostExecutions } from '@cmp/functions/scrape-run/lost-runs';
import { scheduledRunInput } from '@cmp/functions/scrape-run/run-input';
import { readScrapeRunConfig } from '@cmp/functions/scrape-run/scrape-run.config';
import { scrapeTasks, statusChangeTask } from '@cmp/functions/scrape-run/tasks';
import { handleApiRequest, loadGroupHandlers, loadHandler, sendJson } from './api-adapter';
import { keepOwnerOnly } from './data-dir';
import { demoCatalogue } from './demo/demo-catalogue';
import { type DemoShop, startDemoShop } from './demo/demo-shop';
import { demoWebhookSecret, seedDemoAlertSettings, seedDemoCatalogue } from './demo/seed-demo';
import { createWebhookInbox, WEBHOOK_INBOX_PATH } from './demo/webhook-inbox';
import { type LocalDynamo, type LocalDynamoOptions, startLocalDynamo } from './dynamo-local';
import { type LocalEventBus, startLocalEventBus } from './event-bus-local';
import { lambdaContext } from './lambda-context';
import { LOCAL_DATA_BUCKET, LOCAL_TABLE_NAME, localFunctionEnv, localTokenSecret } from './local-env';
import { type LocalS3, startLocalS3 } from './s3-local';
import { startScheduler } from './scheduler';
import { type LocalSecretsManager, startLocalSecretsManager } from './secrets-local';
import { type LocalSes, startLocalSes } from './ses-local';
import { serveSpa } from './static-site';
import { type LocalStepFunctions, startLocalStepFunctions } from './step-functions-local';
import { ensureWebBuilt } from './web-build';

export interface LocalStackOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where dynalite and the signing key persist, the owner's alone; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /** The first admin, created only when the data has no user yet; a random password when left out. */
  admin?: { email?: string; password?: string };
  /** Serve the SPA (built when stale); API-only stacks skip the build. */
  serveWeb?: boolean;
  /** Extra settings for the functions, e.g. shorter throttle windows in tests. */
  env?: Record<string, string>;
  /** Run scheduled price checks (the schedule rule, SCRAPE_SCHEDULE by default); test stacks leave it off. */
  schedule?: boolean;
  /** Wait this long before each state machine and bus retry instead of their backoff (tests). */
  retryIntervalMs?: number;
  /** The scheduler's clock in epoch ms; tests move it to just before a scheduled time. */
  scheduleClock?: () => number;
  /**
   * Serve the demo shop on this port (its URLs are stored, so the port must stay the same across
   * restarts) and, on empty data, seed the demo catalogue and run a first price check.
   */
  demoShopPort?: number;
  /** Start the SES v2 stand-in on this port (0: a free one); without it, SES_ENDPOINT comes from `env`. */
  sesPort?: number;
  /** Where dynalite runs: this thread (the default) or a worker thread (`LocalDynamoOptions.thread`). */
  dynamoThread?: LocalDynamoOptions['thread'];
  /**
   * The import function's time per run instead of its deployed one (tests: a short time makes a
   * small file take several runs).
   */
  importTimeoutSeconds?: number;
  /** Settings only a host can give (test stacks: cheap password hashes); `npm start` gives none. */
  hostOnly?: HostOnlySettings;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  /** The settings the functions run with (their environment on AWS). */
  settings: SettingsSource;
  dynamo: LocalDynamo;
  /** S3's stand-in for the data bucket (run items; under `<dataDir>/s3` when the data persists). */
  s3: LocalS3;
  /** Secrets Manager's stand-in: the hosts' proxy passwords (`<dataDir>/secrets.json` when the data persists). */
  secretsManager: LocalSecretsManager;
  stepFunctions: LocalStepFunctions;
  /** EventBridge's stand-in: a run's end reaches the alerts handler through it. */
  eventBus: LocalEventBus;
  demoShop?: DemoShop;
  /** With the demo: the page the demo's webhook channel posts each run's alerts to. */
  webhookInboxUrl?: string;
  /** SES's stand-in, when started (`sesPort`): its endpoint is also the page of the mail sent. */
  ses?: LocalSes;
  /** Set when this start created the first admin. */
  createdAdmin?: { email: string; password: string; generated: boolean };
  stop(): Promise<void>;
}

/** A file beside the data that tells `npm run user:add` where the running stack's DynamoDB answers. */
export const ENDPOINT_FILE = 'dynamo-endpoint.json';

/** The schedule rule's state beside the data: a change made in the app survives a restart. */
export const SCHEDULE_RULES_FILE = 'schedule-rules.json';
/** The schedule rule's name here (on AWS, CloudFormation names it). */
export const LOCAL_SCHEDULE_RULE = 'check-my-price-schedule';

/**
 * The whole product on one machine, in this process: dynalite, the route groups' Lambda handlers
 * behind a local API Gateway, and the SPA with `/config.json`, all on one origin.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? console.log;
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  // Secrets live here: owner only, an older start's directory too.
  if (dataDir) await keepOwnerOnly(dataDir);
  if (options.serveWeb !== false) await ensureWebBuilt(log);

  // Listen first, so a port in use fails before anything else starts; until the handlers can answer,
  // every request gets a 503 with Retry-After instead of waiting on a server that cannot reply yet.
  let serve: RequestListener | undefined;
  const server = createServer((req, res) => (serve ? serve(req, res) : sendStarting(req, res)));
  server.listen(options.port ?? 3000, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host && options.host !== '127.0.0.1' ? options.host : 'localhost'}:${port}`;

  // The demo shop also serves the demo's webhook receiver, checking each delivery's signature.
  let webhookInboxUrl = '';
  const inbox = createWebhookInbox({ secretFor: demoWebhookSecret, url: () => webhookInboxUrl });
  const demoShop =
    options.demoShopPort === undefined
      ? undefined
      : await startDemoShop({ port: options.demoShopPort, inbox });
  if (demoShop) webhookInboxUrl = `${demoShop.origin}${WEBHOOK_INBOX_PATH}`;
  const ses = options.sesPort === undefined ? undefined : await startLocalSes({ port: options.sesPort });
  const dynamo = await startLocalDynamo({
    ...(dataDir ? { path: join(dataDir, 'dynamodb') } : {}),
    tableName: LOCAL_TABLE_NAME,
    ...(options.dynamoThread ? { thread: options.dynamoThread } : {}),
  });
  const s3 = await startLocalS3({
    bucket: LOCAL_DATA_BUCKET,
    ...(dataDir ? { dir: join(dataDir, 's3') } : {}),
  });
  // The competitor hosts' proxy passwords (with the rest of the local data, owner only).
  const secretsManager = await startLocalSecretsManager({
    ...(dataDir ? { file: join(dataDir, 'secrets.json') } : {}),
  });
  // The functions' settings: this process's environment with what AWS would set on each Lambda,
  // pointing at the stand-ins. Handed to them (provideSettings), never written to process.env.
  const localEnv = localFunctionEnv({
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    tokenSecret: await localTokenSecret(dataDir),
  });
  const base: SettingsSource = {
    ...process.env,
    ...localEnv,
    SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
    ...options.env,
  };
  const runConfig = readScrapeRunConfig(base);
  const region = localEnv.AWS_REGION ?? 'eu-west-2';
  const eventBus = await startLocalEventBus({
    region,
    log,
    ...(dataDir ? { rulesFile: join(dataDir, SCHEDULE_RULES_FILE) } : {}),
    ...(options.retryIntervalMs === undefined ? {} : { retryDelayMs: options.retryIntervalMs }),
  });
  // Task calls still going when the state machine stops (the checks of a run aborted by the stop):
  // the table closes after them.
  const calls = new Set<Promise<unknown>>();
  // Each call gets its function's time, as Lambda gives it (the import job reads what is left).
  const loadTask = async ({ entry, timeoutSeconds }: { entry: string; timeoutSeconds: number }) => {
    const handler = await loadHandler(entry);
    const name = basename(entry, '.ts');
    return (event: unknown) => {
      const call: Promise<unknown> = handler(event, lambdaContext(name, timeoutSeconds));
      calls.add(call);
      const done = () => calls.delete(call);
      call.then(done, done);
      return call;
    };
  };
  const stepFunctions = await startLocalStepFunctions({
    region,
    maxConcurrency: runConfig.SCRAPE_MAX_CONCURRENCY,
    timeoutSeconds: runConfig.SCRAPE_RUN_TIMEOUT_SECONDS,
    s3Endpoint: s3.endpoint,
    ...(options.retryIntervalMs === undefined ? {} : { retryIntervalMs: options.retryIntervalMs }),
    discoveryTimeoutSeconds: readDiscoveryConfig(base).DISCOVERY_TIMEOUT_SECONDS,
    loadTask: (task) => loadTask({ ...scrapeTasks, ...discoveryTasks }[task]),
    onStatusChange: async (event) => (await loadTask(statusChangeTask))(event),
    log,
  });
  const settings: SettingsSource = {
    ...base,
    // The demo shop lives on loopback: the one door the scraper's address checks leave open is this list.
    SCRAPER_ALLOW_HOSTS: [base.SCRAPER_ALLOW_HOSTS, ...(demoShop?.allowHosts ?? [])]
      .filter(Boolean)
      .join(','),
    // Its shops' host names (brightway.localhost) lead to it whatever the system's resolver says.
    SCRAPER_HOST_MAP: [base.SCRAPER_HOST_MAP, ...(demoShop?.hostMap ?? [])].filter(Boolean).join(','),
    // Likewise for alert webhooks: the demo's inbox lives on the demo shop.
    ALERT_ALLOW_HOSTS: [base.ALERT_ALLOW_HOSTS, demoShop?.hostPort].filter(Boolean).join(','),
    // The links in alerts lead here (on AWS: the CloudFront address).
    APP_URL: base.APP_URL || url,
    ...(ses ? { SES_ENDPOINT: ses.endpoint } : {}),
    SFN_ENDPOINT: stepFunctions.endpoint,
    STATE_MACHINE_ARN: stepFunctions.stateMachineArn,
    DISCOVERY_STATE_MACHINE_ARN: stepFunctions.discoveryStateMachineArn,
    EVENTBRIDGE_ENDPOINT: eventBus.endpoint,
    EVENT_BUS_NAME: eventBus.busName,
    SCHEDULE_RULE_NAME: LOCAL_SCHEDULE_RULE,
  };
  provideSettings(settings, options.hostOnly);
  // Every entry now, so a bad setting fails the start rather than a request or the first run.
  const handlers = await loadGroupHandlers();
  await Promise.all(
    [
      ...Object.values(scrapeTasks),
      ...Object.values(discoveryTasks),
      statusChangeTask,
      runCompletedTarget,
      importQueuedTarget,
    ].map(({ entry }) => loadHandler(entry)),
  );
  // The rules CDK deploys, with their retries: each run's end goes to the alerts handler, and each
  // queued import to the import function.
  const alertsHandler = await loadTask(runCompletedTarget);
  eventBus.addRule(runCompletedPattern, alertsHandler, { retries: runCompletedTarget.retries });
  eventBus.addRule(
    importQueuedPattern,
    await loadTask({
      ...importQueuedTarget,
      timeoutSeconds: options.importTimeoutSeconds ?? importQueuedTarget.timeoutSeconds,
    }),
    {
      retries: importQueuedTarget.retries,
    },
  );
  // A run the last process left 'running' (killed, or crashed) died with it: close it, free the lock.
  const lost = await endRunsOfLostExecutions(stepFunctions.knows);
  if (lost.length > 0)
    log(`Marked ${lost.length} price check(s) left running by an earlier start as stopped`);
  // Nothing is served yet, so no write is on its way: any claim no product holds is stray. Data from
  // before URL claims were kept per product (decision 60) gets them now.
  const { released: stray, folded, releasedUrls, releasedCategories } = await repairClaims(0);
  if (stray.length > 0) log(`Released ${stray.length} SKU claim(s) no product holds: ${stray.join(', ')}`);
  if (releasedCategories.length > 0)
    log(`Released ${releasedCategories.length} category name claim(s) no category holds`);
  if (releasedUrls > 0) log(`Released ${releasedUrls} competitor URL claim(s) no URL holds`);
  if (folded > 0) log(`Moved ${folded} competitor URL claim(s) into their product's set`);
  // The rule CDK deploys (the deploy-time setting as its default); the scheduler follows its state.
  let scheduler: ReturnType<typeof startScheduler> | undefined;
  await eventBus.deployScheduleRule(
    {
      name: LOCAL_SCHEDULE_RULE,
      description: 'Check My Price: scheduled price checks',
      expression: runConfig.SCRAPE_SCHEDULE,
      enabled: runConfig.SCHEDULE_ENABLED,
    },
    (rule) => {
      scheduler?.stop();
      scheduler =
        options.schedule && rule.enabled
          ? startScheduler(
              rule.expression,
              () => startScheduledRun(stepFunctions),
              log,
              options.scheduleClock,
            )
          : undefined;
    },
  );
  const shopCurrency = settings.SHOP_CURRENCY ?? 'GBP';

  const ready: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isDecodablePath(path)) return sendJson(res, 400, { success: false, error: 'Malformed URL path' });
    const respond = async () => {
      if (path === '/api' || path.startsWith('/api/')) return handleApiRequest(req, res, handlers);
      if (path === '/config.json') return sendJson(res, 200, { apiUrl: '/api', shopCurrency });
      if (options.serveWeb === false) return sendJson(res, 404, { success: false, error: 'Not found' });
      serveSpa(req, res, s3.endpoint);
    };
    respond().catch((error: unknown) => {
      log(`Unexpected error serving ${req.method} ${path}: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { success: false, error: 'Internal server error' });
      else res.destroy();
    });
  };

  const createdAdmin = await createFirstAdmin(options.admin ?? {});
  if (createdAdmin && demoShop) {
    const seeded = await seedDemoCatalogue(demoCatalogue(demoShop.port));
    log(
      `Seeded the demo catalogue: ${seeded.products} products, ${seeded.urls} competitor URLs on ${demoShop.origin}`,
    );
    // Before the first run, so its alerts arrive in the inbox.
    await seedDemoAlertSettings(webhookInboxUrl);
    await startScheduledRun(stepFunctions);
  }
  serve = ready;
  if (dataDir)
    await writeFile(
      join(dataDir, ENDPOINT_FILE),
      JSON.stringify({ endpoint: dynamo.endpoint, pid: process.pid }),
      { mode: 0o600 },
    );

  return {
    url,
    port,
    settings,
    dynamo,
    s3,
    secretsManager,
    stepFunctions,
    eventBus,
    ...(demoShop ? { demoShop, webhookInboxUrl } : {}),
    ...(ses ? { ses } : {}),
    ...(createdAdmin ? { createdAdmin } : {}),
    stop: async () => {
      scheduler?.stop();
      await closeServer(server);
      await stepFunctions.close();
      await Promise.allSettled([...calls]);
      // After the runs: their ends (stopped ones too) still reach the alerts handler.
      await eventBus.close();
      await ses?.close();
      await demoShop?.close();
      await s3.close();
      await secretsManager.close();
      await dynamo.close();
      if (dataDir) await rm(join(dataDir, ENDPOINT_FILE), { force: true });
    },
  };
}

async function createFirstAdmin(admin: { email?: string; password?: string }) {
  if (await hasAnyUser()) return undefined;
  const email = admin.email ?? 'admin@example.com';
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await addUser({ email, username: 'admin', firstName: 'Admin', lastName: '', role: 'admin', password });
  return { email, password, generated: admin.password === undefined };
}

/** What the EventBridge rule does on AWS: start the state machine with the scheduled run's input. */
export async function startScheduledRun(stepFunctions: LocalStepFunctions): Promise<void> {
  const client = new SFNClient(awsClientOptions(stepFunctions.endpoint));
  try {
    await client.send(
      new StartExecutionCommand({
        stateMachineArn: stepFunctions.stateMachineArn,
        input: JSON.stringify(scheduledRunInput()),
      }),
    );
  } finally {
    client.destroy();
  }
}

/** How long a client should wait before asking again while the stack starts. */
const STARTING_RETRY_AFTER_SECONDS = 1;

function sendStarting(req: IncomingMessage, res: ServerResponse) {
  const message = 'Check My Price is starting; try again in a moment';
  res.setHeader('retry-after', String(STARTING_RETRY_AFTER_SECONDS));
  if (req.url?.startsWith('/api')) return sendJson(res, 503, { success: false, error: message });
  // A browser opening the app during start-up gets a page that reloads itself.
  res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><title>Check My Price</title><meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_SECONDS}"><main><p>${message}…</p></main></html>`,
  );
}

/** A path with a broken percent-escape (`%E0%A4%A`) is the client's mistake: 400, not a crash. */
function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
