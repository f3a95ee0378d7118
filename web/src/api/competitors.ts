// Competitor shops and the discovery of their products (docs/api.md#competitors): every user reads
// them and each one's latest discovery; admins add, change and delete shops and start discoveries.
import type { Competitor, CompetitorInput, DiscoveryJob } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { keys } from './keys';

/** How often a running discovery's progress is asked for. */
export const DISCOVERY_POLL_MS = 2000;

async function fetchCompetitors(): Promise<Competitor[]> {
  return expectSuccess(await call('GET /api/competitors')).competitors;
}

export function useCompetitors() {
  return useSWR(keys.competitors, fetchCompetitors, {
    onError: (error) => notifyError(error, 'Failed to fetch competitors'),
  });
}

export async function saveCompetitor(id: number | null, input: CompetitorInput): Promise<Competitor> {
  const answer =
    id === null
      ? await call('POST /api/competitors', { body: input })
      : await call('PUT /api/competitors/{id}', { params: { id }, body: input });
  await mutate(keys.competitors);
  return expectSuccess(answer).competitor;
}

export async function deleteCompetitor(id: number): Promise<void> {
  expectSuccess(await call('DELETE /api/competitors/{id}', { params: { id } }));
  await mutate(keys.competitors);
}

const running = (job: DiscoveryJob | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** A shop's latest discovery, asked for again every 2 s while it runs. */
export function useDiscovery(competitorId: number) {
  return useSWR(
    keys.discovery(competitorId),
    async () =>
      expectSuccess(await call('GET /api/competitors/{id}/discovery', { params: { id: competitorId } }))
        .discovery,
    { refreshInterval: (job) => (running(job) ? DISCOVERY_POLL_MS : 0) },
  );
}

export async function startDiscovery(competitorId: number): Promise<DiscoveryJob> {
  const { discovery } = expectSuccess(
    await call('POST /api/competitors/{id}/discover', { params: { id: competitorId } }),
  );
  await mutate(keys.discovery(competitorId), discovery, { revalidate: false });
  return discovery;
}
