// The activity log (docs/api.md#users): every change made through the API, newest first, a page at a
// time; admins only.
import type { ActivityEntry } from '@cmp/shared';
import useSWR from 'swr';
import { expectSuccess } from '../lib/api-result';
import { call } from './client';
import { keys } from './keys';

export interface ActivityPage {
  activity: ActivityEntry[];
  next_cursor: string | null;
}

/** One page: `query` holds the filters and, for a later page, its `cursor`. */
export async function fetchActivityPage(query: Record<string, string>): Promise<ActivityPage> {
  const { activity, next_cursor } = expectSuccess(await call('GET /api/activity', { query }));
  return { activity, next_cursor };
}

/** The first page for these filters. */
export function useActivity(query: Record<string, string>) {
  return useSWR(keys.activity(query), ([, json]) => fetchActivityPage(JSON.parse(json)));
}
