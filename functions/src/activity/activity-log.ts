import {
  type ActivityChange,
  type ActivityEntry,
  type ActivityQuery,
  ADMINS_ONLY_ACTIVITY,
  activityKindOf,
  type PublicUser,
} from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { listActivity, putActivity } from '../data/activity.repository';

/**
 * The activity log (docs/rules.md#26-activity-log): each change request that succeeded, kept by
 * the API (http-handler.ts) with who made it, what it did in words, the ids in its path and the
 * values its code noted (activity-notes.ts); admins read it newest first.
 */

/** The route's summary up to its first aside: `Change a product`. */
export const whatOf = (summary: string): string => summary.split(/ \(|: |; |\. /)[0]?.trim() ?? summary;

export async function recordActivity(entry: {
  user: PublicUser;
  route: { id: string; path: string; summary: string };
  params: Readonly<Record<string, unknown>>;
  changes: ActivityChange[];
  more: number;
}): Promise<void> {
  const kind = activityKindOf(entry.route.path);
  if (kind === null) return;
  const ids = Object.values(entry.params).map(String);
  await putActivity({
    user_id: entry.user.id,
    username: entry.user.username,
    kind,
    action: entry.route.id,
    what: whatOf(entry.route.summary),
    target: ids.length > 0 ? ids.join(', ') : null,
    changes: entry.changes,
    more_changes: entry.more,
  });
}

export async function activityPage(
  user: PublicUser,
  query: ActivityQuery,
): Promise<{ activity: ActivityEntry[]; next_cursor: string | null }> {
  requireAdmin(user, ADMINS_ONLY_ACTIVITY);
  const { entries, more } = await listActivity({
    limit: query.page_size ?? 50,
    before: query.cursor,
    userId: query.user_id,
    kind: query.kind,
    from: query.from && `${query.from}T00:00:00.000Z`,
    to: query.to && `${query.to}T23:59:59.999Z`,
  });
  return { activity: entries, next_cursor: more ? (entries[entries.length - 1]?.id ?? null) : null };
}
