// The competitor shops (docs/screens.md#16-matches-page): each shop's domain, how many competitor
// URLs are on it, and its latest discovery with a running one's progress. Admins add, change and
// delete shops and start discoveries.
import type { Competitor } from '@cmp/shared';
import { useEffect, useRef, useState } from 'react';
import { deleteCompetitor, startDiscovery, useCompetitors, useDiscovery } from '../../../api/competitors';
import { reloadSuggestions } from '../../../api/match-suggestions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { discoveryPercent, discoveryText, isRunning } from '../utils/discovery-text';
import { ShopDialog } from './shop-dialog';

export function ShopsCard({ canEdit }: { canEdit: boolean }) {
  const shops = useCompetitors();
  const [editing, setEditing] = useState<{ shop: Competitor | null } | null>(null);
  const [deleting, setDeleting] = useState<Competitor | null>(null);

  return (
    <Card className="mb-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Competitor shops</CardTitle>
          <CardDescription>
            Each shop's competitor URLs are those on its domain. Discovering reads its sitemaps and feeds and
            suggests matches for your products.
          </CardDescription>
        </div>
        {canEdit ? <Button onClick={() => setEditing({ shop: null })}>Add shop</Button> : null}
      </CardHeader>
      <CardContent>
        {!shops.data ? (
          <LoadingOrError
            error={shops.error}
            what="Competitors"
            loadingLabel="Loading competitors"
            onRetry={() => void shops.mutate()}
          />
        ) : shops.data.length === 0 ? (
          <EmptyState
            title="No competitor shops yet"
            hint={
              canEdit ? 'Add a shop by its domain to discover its products.' : 'An administrator adds them.'
            }
          />
        ) : (
          <Table label="Competitor shops">
            <TableHeader>
              <TableRow>
                <TableHead sticky>Shop</TableHead>
                <TableHead>Domain</TableHead>
                <TableHead>URLs</TableHead>
                <TableHead>Discovery</TableHead>
                {canEdit ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {shops.data.map((shop) => (
                <ShopRow
                  key={shop.id}
                  shop={shop}
                  canEdit={canEdit}
                  onEdit={() => setEditing({ shop })}
                  onDelete={() => setDeleting(shop)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ShopDialog shop={editing?.shop ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'shop'}?`}
        description="Its competitor URLs stay; its running discovery stops."
        onConfirm={async () => {
          if (!deleting) return true;
          try {
            await deleteCompetitor(deleting.id);
            notifySuccess('Shop deleted');
            return true;
          } catch (error) {
            notifyError(error, 'Failed to delete shop');
            return false;
          }
        }}
      />
    </Card>
  );
}

function ShopRow({
  shop,
  canEdit,
  onEdit,
  onDelete,
}: {
  shop: Competitor;
  canEdit: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const discovery = useDiscovery(shop.id);
  const [starting, setStarting] = useState(false);
  const running = isRunning(discovery.data);
  const percent = discoveryPercent(discovery.data);
  // A discovery that ends here brings new suggestions (and accepted ones, new URLs): show them.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void reloadSuggestions();
    wasRunning.current = running;
  }, [running]);
  const discover = async () => {
    setStarting(true);
    try {
      await startDiscovery(shop.id);
      notifySuccess(`Discovering ${shop.name}'s products`);
    } catch (error) {
      notifyError(error, 'Failed to start the discovery');
    } finally {
      setStarting(false);
    }
  };
  return (
    <TableRow>
      <TableCell sticky className="font-medium">
        {shop.name}
      </TableCell>
      <TableCell>{shop.domain}</TableCell>
      <TableCell>{shop.url_count.toLocaleString('en-US')}</TableCell>
      <TableCell className="min-w-56">
        <p aria-live="polite">{discovery.data === undefined ? '…' : discoveryText(discovery.data)}</p>
        {percent !== null ? (
          <progress
            className="mt-1 h-2 w-full accent-primary"
            max={100}
            value={percent}
            aria-label={`Discovery of ${shop.name}`}
          />
        ) : null}
      </TableCell>
      {canEdit ? (
        <TableCell>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={running || starting} onClick={() => void discover()}>
              {running ? 'Discovering…' : `Discover products`}
              <span className="sr-only"> of {shop.name}</span>
            </Button>
            <Button size="sm" variant="outline" aria-label={`Edit ${shop.name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" variant="outline" aria-label={`Delete ${shop.name}`} onClick={onDelete}>
              Delete
            </Button>
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
