// The hosts list (docs/screens.md#15-competitor-hosts-page): host, URLs, success rate, median check
// time, fetch mode and spacing, what to do when it fails, and its settings.
import { type CompetitorHost, nextSort, type TableSort } from '@cmp/shared';
import { SortableHead } from '../../../components/sortable-head';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { fetchModeText, type HostColumn, medianText, successText } from '../utils/host-view';

export function HostsTable({
  hosts,
  sort,
  onSort,
  onOpen,
  canEdit,
}: {
  hosts: readonly CompetitorHost[];
  sort: TableSort<HostColumn> | null;
  onSort(sort: TableSort<HostColumn>): void;
  onOpen(host: CompetitorHost): void;
  canEdit: boolean;
}) {
  const sortBy = (column: HostColumn) => onSort(nextSort(sort, column));
  return (
    <Table label="Competitor hosts">
      <TableHeader>
        <TableRow>
          <SortableHead column="host" sort={sort} onSort={sortBy} sticky>
            Host
          </SortableHead>
          <SortableHead column="urls" sort={sort} onSort={sortBy}>
            URLs
          </SortableHead>
          <SortableHead column="success" sort={sort} onSort={sortBy}>
            Success rate
          </SortableHead>
          <SortableHead column="median" sort={sort} onSort={sortBy}>
            Median check
          </SortableHead>
          <SortableHead column="mode" sort={sort} onSort={sortBy}>
            Fetch mode
          </SortableHead>
          <TableHead>Spacing</TableHead>
          <TableHead>What to do</TableHead>
          <TableHead>
            <span className="sr-only">Settings</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {hosts.map((host) => (
          <TableRow key={host.host}>
            <TableCell sticky className="font-medium">
              {host.host}
            </TableCell>
            <TableCell>{host.url_count}</TableCell>
            <TableCell className="whitespace-nowrap">
              {host.hint ? <Badge variant="destructive">{successText(host)}</Badge> : successText(host)}
            </TableCell>
            <TableCell className="whitespace-nowrap">{medianText(host)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {fetchModeText(host)}
              {host.proxy ? <span className="text-muted-foreground"> · proxy</span> : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">{host.spacing_seconds} s</TableCell>
            <TableCell className="min-w-48">
              {host.hint ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${canEdit ? 'Settings of' : 'View settings of'} ${host.host}`}
                onClick={() => onOpen(host)}
              >
                {canEdit ? 'Settings' : 'View'}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
