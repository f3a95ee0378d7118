import * as z from 'zod';
import { readEntrySettings } from '../../config';
import { getCompetitorUrl } from '../../data/competitor-url.repository';
import { failedOutcome, recordResult } from '../record-result';
import { BEDROCK_THROTTLED } from '../state-machine';
import { taskInput } from './task-input';

readEntrySettings(process.env);

const schema = z.object({
  runId: z.string().min(1),
  urlId: z.number().int().positive(),
  error: z.object({ Error: z.string().optional(), Cause: z.unknown().optional() }).optional(),
});

/** RecordFailure: ScrapeUrl gave up on a URL; record it as failed with a reason a person can read. */
export const handler = async (event: unknown) => {
  const { runId, urlId, error } = taskInput(schema, event, 'RecordFailure');
  const url = await getCompetitorUrl(urlId);
  if (!url) return { recorded: false };
  const outcome = failedOutcome(readableError(error));
  // Bedrock throttled to the end of the retries: the check lost its AI step, and the run log says so.
  const lostLlm =
    error?.Error === BEDROCK_THROTTLED ? { llm_error: 'Bedrock throttled to the end of its retries' } : {};
  return { recorded: await recordResult(runId, url, { ...outcome, ...lostLlm }) };
};

/** Step Functions hands over `{ Error, Cause }`, where Cause is often Lambda's JSON error report. */
export function readableError(error: { Error?: string; Cause?: unknown } | undefined): string {
  if (error?.Error === 'States.Timeout') return 'The check took too long and was given up';
  let cause = typeof error?.Cause === 'string' ? error.Cause : '';
  try {
    const report = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof report.errorMessage === 'string') cause = report.errorMessage;
  } catch {
    // not JSON: the cause is the message itself
  }
  const message = cause.trim() || error?.Error || 'Unknown error';
  return `Check failed: ${message.slice(0, 300)}`;
}
