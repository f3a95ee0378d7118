// The Competitor hosts page (docs/screens.md#15-competitor-hosts-page): every host the competitor URLs
// are on, how its checks went, how it is fetched, and what to do when it fails; admins change its
// settings. The filter and the sort are in the address (`?show=failing&sort=success&order=asc`).
import type { CompetitorHost } from '@cmp/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCompetitorHosts } from '../../../api/competitor-hosts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Card, CardContent } from '../../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { hostsQueryParams, isFailing, parseHostsQuery, sortHosts } from '../utils/host-view';
import { HostSettingsDialog } from './host-settings-dialog';
import { HostsTable } from './hosts-table';

export function HostsView({ canEdit }: { canEdit: boolean }) {
  const hosts = useCompetitorHosts();
  const [params, setParams] = useSearchParams();
  const query = parseHostsQuery(params);
  const [open, setOpen] = useState<string | null>(null);
  const change = (next: Partial<typeof query>) =>
    setParams(hostsQueryParams({ ...query, ...next }), { replace: true });
  const shown = hosts.data
    ? sortHosts(
        hosts.data.filter((host) => !query.failingOnly || isFailing(host)),
        query.sort,
      )
    : [];
  const opened: CompetitorHost | null = hosts.data?.find((host) => host.host === open) ?? null;

  return (
    <>
      <PageHeader
        title="Competitor hosts"
        description="Each shop your competitor URLs are on: how its checks went in its last runs, and how its pages are fetched."
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="md:w-52">
            <Select
              value={query.failingOnly ? 'failing' : 'all'}
              onValueChange={(value) => change({ failingOnly: value === 'failing' })}
            >
              <SelectTrigger aria-label="Show hosts">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All hosts</SelectItem>
                <SelectItem value="failing">Failing hosts</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {!hosts.data ? (
            <LoadingOrError
              error={hosts.error}
              what="Competitor hosts"
              loadingLabel="Loading competitor hosts"
              onRetry={() => void hosts.mutate()}
            />
          ) : shown.length === 0 ? (
            <EmptyState
              title={query.failingOnly ? 'No failing hosts' : 'No competitor hosts yet'}
              hint={
                query.failingOnly
                  ? 'Every host did well in its last run.'
                  : 'Hosts appear here once competitor URLs are added.'
              }
            />
          ) : (
            <HostsTable
              hosts={shown}
              sort={query.sort}
              onSort={(sort) => change({ sort })}
              onOpen={(host) => setOpen(host.host)}
              canEdit={canEdit}
            />
          )}
        </CardContent>
      </Card>
      <HostSettingsDialog host={opened} canEdit={canEdit} onClose={() => setOpen(null)} />
    </>
  );
}
