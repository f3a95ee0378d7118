import { recountCatalogue } from '../catalogue/catalogue-counts';
import {
  type CompetitorUrlRecord,
  getCompetitorUrl,
  listCompetitorUrls,
  listCompetitorUrlsOfProduct,
} from '../data/competitor-url.repository';
import { nowIso } from '../data/dynamo';
import { releaseRunLock } from '../data/run-lock.repository';
import { createRun } from '../data/scrape-run.repository';
import { interleaveByHost } from './host-order';
import { RunAlreadyActiveError } from './run-errors';
import { newRunId } from './run-id';
import type { RunInput } from './run-input';
import { acquireRunLock } from './run-lock';
import { maxUrlsPerRun } from './state-machine';

export interface PrepareInput {
  request: RunInput;
  executionArn: string;
  executionName: string;
  startedAt: string;
  /** The most URLs of a batch (the definition's, as many as one child checks at once). */
  batchSize: number;
}

/** What the run log says when a catalogue has outgrown what one run can hand its Map. */
export const tooManyUrlsMessage = (count: number, max: number) =>
  `Not started: ${count.toLocaleString('en')} competitor URLs, and one run checks at most ` +
  `${max.toLocaleString('en')}. Check per product, or see "Scale and speed" in the README.`;

/** Every URL, one product's, or one URL ('Check now'; none if it was deleted meanwhile). */
async function urlsToCheck(
  productId: number | null,
  urlId: number | undefined,
): Promise<CompetitorUrlRecord[]> {
  if (urlId !== undefined) {
    const url = await getCompetitorUrl(urlId);
    return url ? [url] : [];
  }
  return productId === null ? listCompetitorUrls() : listCompetitorUrlsOfProduct(productId);
}

/**
 * Takes the single-run lock (taking over one left by a run that died, which is then marked
 * failed), writes the run record (or settles the one a manual start wrote, with the total of
 * what this run checks) and hands the Map the URL ids to check in batches, the shops in turn
 * (decisions 37, 59). A catalogue with more URLs than one run can carry gets a failed run that
 * says so, and nothing is checked.
 */
export async function prepareRun(
  input: PrepareInput,
  timeoutSeconds: number,
  maxUrls = maxUrlsPerRun(input.batchSize),
): Promise<{ runId: string; batches: number[][] }> {
  const { request } = input;
  const runId = request.runId ?? newRunId(input.startedAt, input.executionName);
  if (!(await acquireRunLock(runId, input.executionArn, timeoutSeconds))) throw new RunAlreadyActiveError();

  const productId = request.productId ?? null;
  const urls = await urlsToCheck(productId, request.urlId);
  const tooMany = urls.length > maxUrls;
  const stillRunning = await createRun({
    run_id: runId,
    status: tooMany ? 'failed' : 'running',
    triggered_by: request.triggeredBy,
    started_at: new Date(input.startedAt).toISOString(),
    completed_at: tooMany ? nowIso() : null,
    total_urls: tooMany ? 0 : urls.length,
    successful_urls: 0,
    failed_urls: 0,
    product_id: productId,
    execution_arn: input.executionArn,
    error_message: tooMany ? tooManyUrlsMessage(urls.length, maxUrls) : null,
  });
  // Too many, or stopped before Prepare came: nothing to check.
  if (tooMany || !stillRunning) {
    await releaseRunLock(runId);
    return { runId, batches: [] };
  }
  // A whole-catalogue run reads every URL anyway: the moment to settle any drift in the kept counts.
  if (productId === null) await recountCatalogue();
  const ids = interleaveByHost(urls).map((url) => url.id);
  return { runId, batches: inBatches(ids, input.batchSize) };
}

/**
 * Consecutive runs of the shops-in-turn order: a batch's URLs are on as many shops as the run has,
 * so its checks, started together, rarely wait for one another's shop.
 */
function inBatches(ids: readonly number[], size: number): number[][] {
  return Array.from({ length: Math.ceil(ids.length / size) }, (_, k) => ids.slice(k * size, (k + 1) * size));
}
