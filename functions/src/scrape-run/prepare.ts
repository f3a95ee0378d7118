import { recountCatalogue } from '../catalogue/catalogue-counts';
import { listCompetitorUrls, listCompetitorUrlsOfProduct } from '../data/competitor-url.repository';
import { createRun } from '../data/scrape-run.repository';
import { RunAlreadyActiveError } from './run-errors';
import { newRunId } from './run-id';
import { acquireRunLock } from './run-lock';

export interface PrepareInput {
  request: { runId?: string; triggeredBy?: string; productId?: number | null };
  executionArn: string;
  executionName: string;
  startedAt: string;
}

/**
 * Takes the single-run lock (taking over one left by a run that died, which is then marked
 * failed), writes the run record and hands the Map the URL ids to check.
 */
export async function prepareRun(
  input: PrepareInput,
  timeoutSeconds: number,
): Promise<{ runId: string; urlIds: number[] }> {
  const { request } = input;
  const runId = request.runId ?? newRunId(input.startedAt, input.executionName);
  if (!(await acquireRunLock(runId, input.executionArn, timeoutSeconds))) throw new RunAlreadyActiveError();

  const productId = request.productId ?? null;
  const urls = productId === null ? await listCompetitorUrls() : await listCompetitorUrlsOfProduct(productId);
  await createRun({
    run_id: runId,
    status: 'running',
    triggered_by: request.triggeredBy ?? 'schedule',
    started_at: new Date(input.startedAt).toISOString(),
    completed_at: null,
    total_urls: urls.length,
    successful_urls: 0,
    failed_urls: 0,
    product_id: productId,
    execution_arn: input.executionArn,
    error_message: null,
  });
  // A whole-catalogue run reads every URL anyway: the moment to settle any drift in the kept counts.
  if (productId === null) await recountCatalogue();
  return { runId, urlIds: urls.map((url) => url.id) };
}
