// Competitor hosts (docs/api.md#competitor-hosts): every host with its figures and settings; admins
// change a host's settings.
import type { CompetitorHost, HostSettingsInput } from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { keys } from './keys';

async function fetchHosts(): Promise<CompetitorHost[]> {
  return expectSuccess(await call('GET /api/competitor-hosts')).hosts;
}

export function useCompetitorHosts() {
  return useSWR(keys.competitorHosts, fetchHosts, {
    onError: (error) => notifyError(error, 'Failed to fetch competitor hosts'),
  });
}

export async function saveHostSettings(host: string, input: HostSettingsInput): Promise<CompetitorHost> {
  const answer = expectSuccess(
    await call('PUT /api/competitor-hosts/{host}', { params: { host }, body: input }),
  );
  await mutate(keys.competitorHosts);
  return answer.host;
}
