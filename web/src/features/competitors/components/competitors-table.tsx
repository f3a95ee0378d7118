// The competitor URLs table (docs/screens.md#8-competitors-page): product, host badge (opens the prices),
// the latest check, URL, added date, actions (Check now, edit, delete; no Actions column for a viewer);
// product, competitor and last check sort.
import { type CompetitorUrl, formatDateTime, hostOfUrl, truncateUrl } from '@cmp/shared';
import { ExternalLink, LoaderCircle, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { IconAction } from '../../../components/icon-action';
import { SortableHead } from '../../../components/sortable-head';
import { buttonClasses } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useCanWrite } from '../../../lib/write-access';
import type { CompetitorSort, CompetitorSortColumn } from '../utils/competitor-list';
import { LastCheckCell } from './last-check-cell';

export interface CompetitorsTableProps {
  competitors: CompetitorUrl[];
  sort: CompetitorSort | null;
  onSort(column: CompetitorSortColumn): void;
  /** URLs whose 'Check now' is starting or running. */
  checking: ReadonlySet<number>;
  onCheck(competitor: CompetitorUrl): void;
  onShowPrices(competitor: CompetitorUrl): void;
  onEdit(competitor: CompetitorUrl): void;
  onDelete(competitor: CompetitorUrl): void;
}

export function CompetitorsTable({
  competitors,
  sort,
  onSort,
  checking,
  onCheck,
  onShowPrices,
  onEdit,
  onDelete,
}: CompetitorsTableProps) {
  const canWrite = useCanWrite();
  return (
    <Table label="Competitor URLs">
      <TableHeader>
        <TableRow>
          <SortableHead column="product" sort={sort} onSort={onSort} sticky>
            Product
          </SortableHead>
          <SortableHead column="competitor" sort={sort} onSort={onSort}>
            Competitor
          </SortableHead>
          <SortableHead column="last_check" sort={sort} onSort={onSort}>
            Last check
          </SortableHead>
          <TableHead>URL</TableHead>
          <TableHead>Added</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {competitors.map((competitor) => {
          const host = hostOfUrl(competitor);
          return (
            <TableRow key={competitor.id}>
              <TableCell sticky>
                <p className="font-medium">{competitor.product.name}</p>
                <p className="font-mono text-xs whitespace-nowrap text-muted-foreground">
                  {competitor.product.sku}
                </p>
              </TableCell>
              <TableCell>
                <Tooltip content={`${competitor.competitor_name} · click to see prices`}>
                  <button
                    type="button"
                    // Starts with the host shown, so speech input can say it (WCAG 2.5.3).
                    aria-label={`${host}: prices from ${competitor.competitor_name} for ${competitor.product.name}`}
                    onClick={() => onShowPrices(competitor)}
                    className={cn(
                      'inline-flex items-center rounded-md border border-transparent bg-secondary px-2 py-0.5 text-xs font-semibold',
                      'hover:bg-secondary/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    )}
                  >
                    {host}
                  </button>
                </Tooltip>
              </TableCell>
              <TableCell>
                <LastCheckCell competitor={competitor} onOpen={() => onShowPrices(competitor)} />
              </TableCell>
              <TableCell className="max-w-md">
                <a
                  href={competitor.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={competitor.url}
                  className={cn(buttonClasses('link', 'sm'), 'h-auto px-0 font-normal')}
                >
                  {truncateUrl(competitor.url)}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(competitor.created_at)}</TableCell>
              {canWrite ? (
                <TableCell>
                  <RowActions
                    competitor={competitor}
                    busy={checking.has(competitor.id)}
                    onCheck={onCheck}
                    onEdit={onEdit}
                    onDelete={onDelete}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Check now, edit, delete. */
function RowActions({
  competitor,
  busy,
  onCheck,
  onEdit,
  onDelete,
}: Pick<CompetitorsTableProps, 'onCheck' | 'onEdit' | 'onDelete'> & {
  competitor: CompetitorUrl;
  /** Its 'Check now' is starting or running. */
  busy: boolean;
}) {
  const what = `${competitor.competitor_name} for ${competitor.product.name}`;
  return (
    <div className="flex justify-end gap-1">
      <IconAction
        label={busy ? `Checking ${what}` : `Check now ${what}`}
        tip={busy ? 'Checking...' : 'Check now'}
        disabled={busy}
        onClick={() => onCheck(competitor)}
      >
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
      </IconAction>
      <IconAction label={`Edit ${what}`} tip="Edit" onClick={() => onEdit(competitor)}>
        <Pencil aria-hidden="true" />
      </IconAction>
      <IconAction label={`Delete ${what}`} tip="Delete" onClick={() => onDelete(competitor)}>
        <Trash2 aria-hidden="true" className="text-destructive" />
      </IconAction>
    </div>
  );
}
