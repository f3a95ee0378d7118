import { SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { countByOutcome, type ScraperStatus } from '@cmp/shared';
import { perSettings } from '../config';
import {
  anyCompetitorUrl,
  countCompetitorUrls,
  listCompetitorUrlsOfProduct,
} from '../data/competitor-url.repository';
import { nowIso } from '../data/dynamo';
import { getRunLock, releaseRunLock } from '../data/run-lock.repository';
import { createRun, discardRun, getRun, latestRuns } from '../data/scrape-run.repository';
import { ConflictError, InvalidInputError } from '../domain/errors';
import { awsClientOptions } from '../lib/aws-client';
import { closeRun } from './close-run';
import { nextScheduledRunAt } from './next-scheduled-run';
import { estimatedFinish } from './run-estimate';
import { newRunId } from './run-id';
import type { RunInput } from './run-input';
import { acquireRunLock } from './run-lock';
import { toLog } from './run-stats';
import { scrapeRunSettings } from './scrape-run.config';

const sfn = perSettings(() => new SFNClient(awsClientOptions(scrapeRunSettings().SFN_ENDPOINT)));

/** Where Step Functions puts an execution named `name` of our state machine. */
export const executionArnFor = (name: string) =>
  `${scrapeRunSettings().STATE_MACHINE_ARN.replace(':stateMachine:', ':execution:')}:${name}`;

/**
 * How many URLs a start will check: the kept count for the whole catalogue (Prepare then writes the
 * exact one), a product's URLs, or the one URL of 'Check now'.
 */
async function urlsToCount(request: { productId?: number; urlId?: number }): Promise<number> {
  if (request.urlId !== undefined) return 1;
  if (request.productId !== undefined) return (await listCompetitorUrlsOfProduct(request.productId)).length;
  const kept = await countCompetitorUrls();
  // A kept count that drifted to 0 must not refuse a catalogue that has URLs: Prepare recounts.
  return kept > 0 || !(await anyCompetitorUrl()) ? kept : 1;
}

/**
 * Starts a run (all URLs, one product's, or one URL's). Nothing to check is refused (400), with no
 * run logged. Then the lock, so of many simultaneous starts exactly one runs and the others get
 * 409; then the run record with its total, so the first status poll shows it; then the execution,
 * named after the run.
 */
export async function startRun(request: {
  triggeredBy: 'manual';
  productId?: number;
  /** 'Check now': this URL only (of the product above). */
  urlId?: number;
}): Promise<string> {
  const total = await urlsToCount(request);
  if (total === 0) {
    throw new InvalidInputError(
      request.productId === undefined
        ? 'There are no competitor URLs to check'
        : 'This product has no competitor URLs to check',
    );
  }
  const config = scrapeRunSettings();
  const runId = newRunId();
  const executionArn = executionArnFor(runId);
  if (!(await acquireRunLock(runId, executionArn, config.SCRAPE_RUN_TIMEOUT_SECONDS))) {
    throw new ConflictError('A price check is already running');
  }
  await createRun({
    run_id: runId,
    status: 'running',
    triggered_by: request.triggeredBy,
    started_at: nowIso(),
    completed_at: null,
    total_urls: total,
    successful_urls: 0,
    failed_urls: 0,
    product_id: request.productId ?? null,
    execution_arn: executionArn,
    error_message: null,
  });
  const input: RunInput = {
    runId,
    triggeredBy: request.triggeredBy,
    productId: request.productId ?? null,
    ...(request.urlId === undefined ? {} : { urlId: request.urlId }),
  };
  try {
    await sfn().send(
      new StartExecutionCommand({
        stateMachineArn: config.STATE_MACHINE_ARN,
        name: runId,
        input: JSON.stringify(input),
      }),
    );
  } catch (error) {
    await discardRun(runId);
    await releaseRunLock(runId);
    throw error;
  }
  return runId;
}

/** Stops the active run: the execution is stopped, the run marked with what it recorded so far. */
export async function stopRun(): Promise<void> {
  const lock = await getRunLock();
  if (!lock) throw new ConflictError('No price check is running');
  try {
    await sfn().send(
      new StopExecutionCommand({
        executionArn: lock.execution_arn ?? executionArnFor(lock.run_id),
        cause: 'Stopped by a user',
      }),
    );
  } catch (error) {
    // Already finished or never started: there is nothing left to stop, only the run to close.
    if (!(error instanceof Error && error.name === 'ExecutionDoesNotExist')) throw error;
  }
  await closeRun(lock.run_id, { status: 'stopped' });
}

/**
 * Whether a run is on, with its live counts, the latest run, and when the schedule starts the next.
 * A manual start writes its run with the total before it answers; a scheduled run's record comes
 * with Prepare, a moment after the lock: until then zeros, never the previous run's (which would
 * show a run just started as done).
 */
export async function scraperStatus(): Promise<ScraperStatus> {
  const [lock, latest, totalUrls, nextScheduled] = await Promise.all([
    getRunLock(),
    latestRuns(1),
    countCompetitorUrls(),
    nextScheduledRunAt(),
  ]);
  const timeoutMs = scrapeRunSettings().SCRAPE_RUN_TIMEOUT_SECONDS * 1000;
  const live = lock && lock.taken_at > Date.now() - timeoutMs ? lock : undefined;
  const active = live ? await getRun(live.run_id) : undefined;
  const shown = active ?? latest[0];
  const counted = live ? active : shown;
  return {
    is_running: Boolean(live),
    total_competitor_urls: totalUrls,
    latest_log: shown ? toLog(shown) : null,
    current_stats: {
      successful_urls: counted?.successful_urls ?? 0,
      failed_urls: counted?.failed_urls ?? 0,
      total_urls: counted?.total_urls ?? 0,
      outcome_counts: counted?.live_outcome_counts ?? countByOutcome([]),
    },
    next_scheduled_run_at: nextScheduled,
    estimated_finish_at: active && active.status === 'running' ? estimatedFinish(active, Date.now()) : null,
  };
}
