import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { checkMyPrice } from '../../lib/check-my-price';

/**
 * The synthesized apps the CDK tests share: each variant is built once per process, so with the
 * `cdk` project's `isolate: false` every test file in a worker reads the same app instead of loading
 * aws-cdk-lib and synthesizing its own. Apps are synthesized without bundling (decision 16) and with
 * cdk.json's feature flags. Tests only read them: one that needs another app builds its own.
 */

// A deploy after a rotation (decision 52): `-c originVerifyVersion=<VersionId>` as put-secret-value printed it.
export const VERSION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
/** An SES sender whose verified identity is its domain, in another region than the stack's. */
export const SES = {
  sesFromAddress: 'alerts@shop.example',
  sesIdentity: 'shop.example',
  sesRegion: 'eu-west-1',
};

const variants = {
  /** A shop currency other than the default, no SES sender, no origin-verify version. */
  eur: { shopCurrency: 'EUR' },
  /** A deploy after rotating the origin-verify secret, with alert e-mail through SES. */
  'rotated-with-ses': { originVerifyVersion: VERSION_ID, ...SES },
};
export type Variant = keyof typeof variants;

export interface SynthesizedApp extends ReturnType<typeof checkMyPrice> {
  readonly app: App;
  /** The stand-in SPA build the app was made with, for a test building an app of its own. */
  readonly webDistDir: string;
  readonly statelessTemplate: Template;
  readonly statefulTemplate: Template;
}

let scratch: string | undefined;
const SCRATCH_PREFIX = 'cmp-cdk-app-';

/** This process's scratch directory (made on first use, removed when the process ends). */
export function scratchDir(): string {
  if (scratch) return scratch;
  removeLeftovers();
  const dir = mkdtempSync(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  scratch = dir;
  const clean = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', clean);
  // Vitest ends a worker with SIGTERM, which skips 'exit': clean up, then die of the signal as before.
  const onSigterm = () => {
    clean();
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
  };
  process.once('SIGTERM', onSigterm);
  return dir;
}

/**
 * The scratch directories of processes that have ended without removing them: Vitest sends SIGKILL
 * when a worker is not gone 500 ms after its SIGTERM, which happens on a busy machine.
 */
function removeLeftovers() {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(SCRATCH_PREFIX) && name.slice(SCRATCH_PREFIX.length).split('-')[0]);
    if (pid > 0 && pid !== process.pid && !alive(pid))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** A minimal SPA build (its index.html) in the scratch directory. */
function webDist(): string {
  const dir = join(scratchDir(), 'web');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Check My Price</title>');
  return dir;
}

const { context: cdkContext } = JSON.parse(
  readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8'),
);

/** An app with cdk.json's context, no bundling and `context`, writing to `name` in the scratch directory. */
export function newApp(name: string, context: Record<string, unknown> = {}): App {
  return new App({
    outdir: join(scratchDir(), name),
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
}

const synthesized = new Map<Variant, SynthesizedApp>();

/**
 * The app of `variant`, built on first use in this process (slow, the first above all: call it from
 * a `beforeAll` with a long timeout). Its templates are synthesized on first read; the cloud
 * assembly stays in `app.outdir` until the process ends.
 */
export function synthesizedApp(variant: Variant): SynthesizedApp {
  const done = synthesized.get(variant);
  if (done) return done;
  const webDistDir = webDist();
  const app = newApp(`${variant}.out`, variants[variant]);
  const stacks = checkMyPrice(app, { webDistDir });
  let statelessTemplate: Template | undefined;
  let statefulTemplate: Template | undefined;
  const built: SynthesizedApp = {
    ...stacks,
    app,
    webDistDir,
    get statelessTemplate() {
      statelessTemplate ??= Template.fromStack(stacks.stateless);
      return statelessTemplate;
    },
    get statefulTemplate() {
      statefulTemplate ??= Template.fromStack(stacks.stateful);
      return statefulTemplate;
    },
  };
  synthesized.set(variant, built);
  return built;
}
