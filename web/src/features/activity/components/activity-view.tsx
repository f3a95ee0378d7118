// The Activity page (docs/screens.md#18-activity-page): every change made through the app, newest first,
// with who made it and before → after for prices; filtered by user, kind and days; 'Show more' reads the
// next page.
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityEntry, formatDateTime, isDay } from '@cmp/shared';
import { useId, useState } from 'react';
import { fetchActivityPage, useActivity } from '../../../api/activity';
import { useUsers } from '../../../api/users';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { shopCurrency } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { type ActivityFilters, activityQuery, changeText, NO_FILTERS } from '../utils/activity-view';

const EVERY = 'all';
/** A day typed in full but not a day is marked; until then the filter is left out. */
const invalidDay = (text: string, messageId: string) =>
  text.length >= 10 && !isDay(text) ? { 'aria-invalid': true, 'aria-describedby': messageId } : {};

export function ActivityView() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const query = activityQuery(filters);
  const first = useActivity(query);
  // Later pages, for the filters they were read with: a change of filters starts again from the first.
  const [more, setMore] = useState<{ key: string; entries: ActivityEntry[]; cursor: string | null }>();
  const [loading, setLoading] = useState(false);
  const users = useUsers().data ?? [];
  const id = useId();
  const key = JSON.stringify(query);
  const later = more?.key === key ? more : undefined;
  const entries = [...(first.data?.activity ?? []), ...(later?.entries ?? [])];
  const cursor = later ? later.cursor : (first.data?.next_cursor ?? null);
  const change = (next: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...next }));

  const showMore = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await fetchActivityPage({ ...query, cursor });
      setMore({ key, entries: [...(later?.entries ?? []), ...page.activity], cursor: page.next_cursor });
    } catch (error) {
      notifyError(error, 'Failed to fetch the activity');
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Activity"
        description="Every change made in Check My Price: who made it, when, and prices before → after."
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Select
              value={filters.userId === null ? EVERY : String(filters.userId)}
              onValueChange={(value) => change({ userId: value === EVERY ? null : Number(value) })}
            >
              <SelectTrigger aria-label="Filter by user">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={EVERY}>All users</SelectItem>
                {users.map((user) => (
                  <SelectItem key={user.id} value={String(user.id)}>
                    {user.username}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={filters.kind ?? EVERY}
              onValueChange={(value) =>
                change({ kind: ACTIVITY_KINDS.find((kind) => kind === value) ?? null })
              }
            >
              <SelectTrigger aria-label="Filter by kind">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={EVERY}>All kinds</SelectItem>
                {ACTIVITY_KINDS.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {ACTIVITY_KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-from`} className="shrink-0">
                From
              </Label>
              <Input
                id={`${id}-from`}
                placeholder="YYYY-MM-DD"
                inputMode="numeric"
                {...invalidDay(filters.from, `${id}-days`)}
                value={filters.from}
                onChange={(e) => change({ from: e.target.value })}
              />
            </div>
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-to`} className="shrink-0">
                To
              </Label>
              <Input
                id={`${id}-to`}
                placeholder="YYYY-MM-DD"
                inputMode="numeric"
                {...invalidDay(filters.to, `${id}-days`)}
                value={filters.to}
                onChange={(e) => change({ to: e.target.value })}
              />
            </div>
          </div>
          {[filters.from, filters.to].some((day) => day.length >= 10 && !isDay(day)) ? (
            <p id={`${id}-days`} className="text-sm text-destructive">
              Type a day as YYYY-MM-DD, such as 2026-11-28.
            </p>
          ) : null}
          {!first.data ? (
            <LoadingOrError
              error={first.error}
              what="The activity"
              loadingLabel="Loading the activity"
              onRetry={() => void first.mutate()}
            />
          ) : entries.length === 0 ? (
            <EmptyState
              title={Object.keys(query).length > 0 ? 'No changes match your filters' : 'No changes yet'}
              hint="Every change made in the app is listed here, newest first."
            />
          ) : (
            <>
              <ActivityTable entries={entries} />
              {cursor ? (
                <Button
                  variant="outline"
                  className="self-center"
                  disabled={loading}
                  onClick={() => void showMore()}
                >
                  {loading ? 'Loading...' : 'Show more'}
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  const currency = shopCurrency();
  return (
    <Table label="Activity">
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>User</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead sticky>Change</TableHead>
          <TableHead>Before → after</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(entry.at)}</TableCell>
            <TableCell>{entry.username}</TableCell>
            <TableCell className="whitespace-nowrap">{ACTIVITY_KIND_LABELS[entry.kind]}</TableCell>
            <TableCell sticky className="min-w-40">
              {entry.what}
              {entry.target ? <span className="text-muted-foreground"> · #{entry.target}</span> : null}
            </TableCell>
            <TableCell className="min-w-56 text-sm">
              {entry.changes.length === 0 ? (
                <span className="text-muted-foreground">—</span>
              ) : (
                <ul className="flex flex-col gap-1">
                  {entry.changes.map((change, index) => (
                    // A change's place in its entry is its identity: entries are never reordered.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <li key={index}>{changeText(change, currency)}</li>
                  ))}
                  {entry.more_changes > 0 ? <li>and {entry.more_changes} more</li> : null}
                </ul>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
