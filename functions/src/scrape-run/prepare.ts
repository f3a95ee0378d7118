import { recountCatalogue } from '../catalogue/catalogue-counts';
import { hostOnlySettings } from '../config';
import {
  type CheckTarget,
  getCompetitorUrl,
  listCheckTargets,
  listCompetitorUrlsOfProduct,
} from '../data/competitor-url.repository';
import { nowIso } from '../data/dynamo';
import { releaseRunLock } from '../data/run-lock.repository';
import { createRun } from '../data/scrape-run.repository';
import { type ObjectPlace, putDataObject, RUN_FILES_PREFIX } from '../lib/data-bucket';
import { hostOf, interleaveByHost } from './host-order';
import { MIN_SPACING_MS } from './host-pacing';
import { RunAlreadyActiveError } from './run-errors';
import { paceBoundSeconds } from './run-estimate';
import { newRunId } from './run-id';
import type { RunInput } from './run-input';
import { acquireRunLock } from './run-lock';
import { MAX_URLS_PER_RUN } from './state-machine';

export interface PrepareInput {
  request: RunInput;
  executionArn: string;
  executionName: string;
  startedAt: string;
}

/** What Prepare hands the state machine: the run, and its URL ids as the Map's items in the data bucket. */
export interface PreparedRun {
  runId: string;
  /** A JSON Lines object, one `{"urlId":n}` per line, the shops in turn (the Map's ItemReader). */
  items: ObjectPlace;
  /** How many lines it has: 0 skips the Map. */
  total: number;
  /** Where the Map writes what its children answer (nothing the run reads). */
  results: { bucket: string; prefix: string };
}

/** Where a run's items and results are kept; the bucket's lifecycle removes them (RUN_FILES_PREFIX). */
export const runItemsKey = (runId: string) => `${RUN_FILES_PREFIX}${runId}/urls.jsonl`;
const runResultsPrefix = (runId: string) => `${RUN_FILES_PREFIX}${runId}/results`;

/** What the run log says when a catalogue has outgrown what one run checks. */
export const tooManyUrlsMessage = (count: number, max: number) =>
  `Not started: ${count.toLocaleString('en')} competitor URLs, and one run checks at most ` +
  `${max.toLocaleString('en')}. Check per product, or see "Scale and speed" in docs/figures.md.`;

/** Every URL, one product's, or one URL ('Check now'; none if it was deleted meanwhile). */
async function urlsToCheck(productId: number | null, urlId: number | undefined): Promise<CheckTarget[]> {
  if (urlId !== undefined) {
    const url = await getCompetitorUrl(urlId);
    return url ? [url] : [];
  }
  return productId === null ? listCheckTargets() : listCompetitorUrlsOfProduct(productId);
}

/**
 * Takes the single-run lock (taking over one left by a run that died, which is then marked
 * failed), writes the run record (or settles the one a manual start wrote, with the total of
 * what this run checks) and writes the URL ids to check to the data bucket, the shops in turn
 * (decision 37), where the Map reads and batches them (decision 66). A catalogue with more URLs
 * than one run checks gets a failed run that says so, and nothing is checked.
 */
export async function prepareRun(
  input: PrepareInput,
  timeoutSeconds: number,
  maxUrls = MAX_URLS_PER_RUN,
): Promise<PreparedRun> {
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
    pace_bound_seconds: tooMany ? null : paceBound(urls),
  });
  // Too many, or stopped before Prepare came: nothing to check (Finalize still reads the items).
  const ended = tooMany || !stillRunning;
  const ids = ended ? [] : interleaveByHost(urls).map((url) => url.id);
  const items = await putDataObject(runItemsKey(runId), itemLines(ids), 'application/jsonl');
  if (ended) await releaseRunLock(runId);
  // A whole-catalogue run reads every URL anyway: the moment to settle any drift in the kept counts.
  else if (productId === null) await recountCatalogue();
  return {
    runId,
    items,
    total: ids.length,
    results: { bucket: items.bucket, prefix: runResultsPrefix(runId) },
  };
}

/** The run's politeness bound: its busiest host's URLs at the spacing every host gets at least. */
function paceBound(urls: readonly CheckTarget[]): number {
  const byHost = new Map<string, number>();
  for (const { url } of urls) byHost.set(hostOf(url), (byHost.get(hostOf(url)) ?? 0) + 1);
  return paceBoundSeconds(byHost, hostOnlySettings().hostSpacingMsForTests ?? MIN_SPACING_MS);
}

/**
 * One JSON object per line: the ItemBatcher cuts consecutive lines into batches, so a batch's URLs
 * are on as many shops as the run has, and its checks, started together, rarely wait for one
 * another's shop.
 */
const itemLines = (ids: readonly number[]) => ids.map((urlId) => `{"urlId":${urlId}}\n`).join('');
