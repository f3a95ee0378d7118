/**
 * Discovery jobs as staff see them (issue 32): started by an admin, one per competitor at a time,
 * run by the discovery state machine; the latest job's progress answered while it runs.
 */
import { SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { ADMINS_ONLY_COMPETITORS, type DiscoveryJob, type PublicUser } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { perSettings } from '../config';
import { listCompetitors } from '../data/competitor.repository';
import {
  addDiscoveryProblems,
  type DiscoveryJobRecord,
  getDiscoveryJob,
  putNewDiscoveryJob,
  updateDiscoveryJob,
} from '../data/discovery-job.repository';
import { nowIso } from '../data/dynamo';
import { ConflictError, NotFoundError } from '../domain/errors';
import { awsClientOptions } from '../lib/aws-client';
import { logger } from '../logger';
import { abandonedRunEnding } from '../scrape-run/run-endings';
import { newRunId } from '../scrape-run/run-id';
import { discoverySettings } from './discovery.config';

const sfn = perSettings(() => new SFNClient(awsClientOptions(discoverySettings().SFN_ENDPOINT)));

const executionsOf = (stateMachineArn: string) =>
  `${stateMachineArn.replace(':stateMachine:', ':execution:')}:`;

/** What a job's state machine is given. */
export interface DiscoveryInput {
  jobId: string;
  competitorId: number;
}

export const jobView = ({
  execution_arn: _arn,
  created_at: _created,
  ...job
}: DiscoveryJobRecord): DiscoveryJob => job;

async function competitorNamed(competitorId: number) {
  const competitor = (await listCompetitors()).find((c) => c.id === competitorId);
  if (!competitor) throw new NotFoundError('Competitor not found');
  return competitor;
}

/** Starts a job for the competitor; 409 while one of its jobs is queued or running. */
export async function startDiscovery(user: PublicUser, competitorId: number): Promise<DiscoveryJob> {
  requireAdmin(user, ADMINS_ONLY_COMPETITORS);
  await competitorNamed(competitorId);
  const config = discoverySettings();
  // The competitor first: ids sort by competitor, then time (an execution name of ≤ 80 characters).
  const jobId = `c${competitorId}-${newRunId()}`;
  const now = nowIso();
  const job: DiscoveryJobRecord = {
    id: jobId,
    competitor_id: competitorId,
    status: 'queued',
    started_at: null,
    finished_at: null,
    pages_listed: 0,
    pages_recent: 0,
    pages_read: 0,
    pages_skipped: 0,
    products_found: 0,
    suggestions: 0,
    errors: 0,
    problems: [],
    execution_arn: `${executionsOf(config.DISCOVERY_STATE_MACHINE_ARN)}${jobId}`,
    created_at: now,
  };
  const staleBefore = nowIso(Date.now() - config.DISCOVERY_TIMEOUT_SECONDS * 1000);
  if (!(await putNewDiscoveryJob(job, staleBefore)))
    throw new ConflictError("This competitor's products are being discovered already");
  const input: DiscoveryInput = { jobId, competitorId };
  try {
    await sfn().send(
      new StartExecutionCommand({
        stateMachineArn: config.DISCOVERY_STATE_MACHINE_ARN,
        name: jobId,
        input: JSON.stringify(input),
      }),
    );
  } catch (error) {
    await endJob(job, 'failed', 'The discovery could not be started');
    throw error;
  }
  return jobView(job);
}

/** The competitor's latest job, or null before its first. */
export async function latestDiscovery(competitorId: number): Promise<DiscoveryJob | null> {
  await competitorNamed(competitorId);
  const job = await getDiscoveryJob(competitorId);
  return job ? jobView(job) : null;
}

async function endJob(job: DiscoveryJobRecord, status: 'failed' | 'stopped', problem: string | null) {
  if (problem) await addDiscoveryProblems(job.competitor_id, job.id, [problem]);
  await updateDiscoveryJob(job.competitor_id, job.id, { set: { status, finished_at: nowIso() } });
}

/** Stops the competitor's running job, if any (its competitor is being deleted). */
export async function stopDiscovery(competitorId: number): Promise<void> {
  const job = await getDiscoveryJob(competitorId);
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
  await sfn()
    .send(new StopExecutionCommand({ executionArn: job.execution_arn }))
    .catch((error: unknown) => logger().warn('Could not stop a discovery job', { jobId: job.id, error }));
  await endJob(job, 'stopped', null);
}

/** Whether the execution is a discovery job's (the status-change handler serves both state machines). */
export const isDiscoveryExecution = (executionArn: string) =>
  executionArn.startsWith(executionsOf(discoverySettings().DISCOVERY_STATE_MACHINE_ARN));

/** What a job's problems say when its execution ended without MatchDiscovery (stopped: nothing). */
const DISCOVERY_ENDED: Readonly<Record<string, string>> = {
  FAILED: 'The discovery failed',
  TIMED_OUT: 'The discovery timed out',
};

/** Ends the job of an execution that failed, timed out or was stopped before MatchDiscovery ended it. */
export async function endAbandonedDiscovery(
  executionArn: string,
  executionStatus: string,
): Promise<{ jobId: string | null }> {
  const ending = abandonedRunEnding(executionStatus);
  const competitorId = Number(/:c(\d+)-[^:]*$/.exec(executionArn)?.[1]);
  if (!ending || !Number.isSafeInteger(competitorId)) return { jobId: null };
  const job = await getDiscoveryJob(competitorId);
  if (job?.execution_arn !== executionArn) return { jobId: null };
  await endJob(job, ending.status, DISCOVERY_ENDED[executionStatus] ?? null);
  return { jobId: job.id };
}
