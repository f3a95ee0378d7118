import { Worker } from 'node:worker_threads';

/**
 * A worker thread that runs a TypeScript module. Node 20 workers ignore `--import tsx`, so the
 * worker registers tsx itself before it loads the module.
 */
export function startTsWorker(moduleUrl: string, workerData: unknown): Worker {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
