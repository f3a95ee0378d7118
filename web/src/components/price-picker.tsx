// 'Not the right price?' (docs/screens.md#price-dialog, docs/rules.md#price-pins): the prices the
// latest check considered, each with the text around it; picking one pins its place and checks the
// page again. A pinned URL says who picked its price, and the pick can be removed. A viewer is told who
// picked it, nothing more.
import type { PagePriceCandidate } from '@cmp/shared';
import { formatMoney } from '@cmp/shared';
import { useId, useState } from 'react';
import { fetchPriceCandidates, pinPrice, reloadCompetitorPrices, unpinPrice } from '../api/competitor-urls';
import { notifyError, notifySuccess } from '../lib/notify';
import { useCanWrite } from '../lib/write-access';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';
import { useCheckNow } from './use-check-now';

const SOURCE_LABEL: Record<PagePriceCandidate['source'], string> = {
  'json-ld': 'Structured data (JSON-LD)',
  microdata: 'Structured data (microdata)',
  meta: 'Page meta tags',
  visible: 'Shown on the page',
};

type Loaded = { candidates: PagePriceCandidate[] } | 'loading' | 'failed' | null;

export function PricePicker({
  urlId,
  name,
  pickedBy,
}: {
  urlId: number;
  /** The competitor's name: several pickers can share one dialog. */
  name: string;
  /** Who picked the URL's price, or null when nobody did. */
  pickedBy: string | null;
}) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [busy, setBusy] = useState(false);
  const { check } = useCheckNow();
  const listId = useId();
  const open = loaded !== null;
  const canWrite = useCanWrite();

  const toggle = async () => {
    if (open) return setLoaded(null);
    setLoaded('loading');
    try {
      setLoaded({ candidates: (await fetchPriceCandidates(urlId)).candidates });
    } catch (error) {
      notifyError(error, 'Failed to load the prices found on the page');
      setLoaded('failed');
    }
  };

  const pick = async (candidate: PagePriceCandidate) => {
    setBusy(true);
    try {
      await pinPrice(urlId, candidate.id);
    } catch (error) {
      notifyError(error, 'Failed to pick the price');
      setBusy(false);
      return;
    }
    notifySuccess('Price picked; checking the page again');
    setLoaded(null);
    setBusy(false);
    await reloadCompetitorPrices(urlId);
    // The check's result reloads the URL's prices once its run ends.
    await check({ id: urlId });
  };

  const unpin = async () => {
    setBusy(true);
    try {
      await unpinPrice(urlId);
      notifySuccess('Pick removed');
    } catch (error) {
      notifyError(error, 'Failed to remove the pick');
    } finally {
      setBusy(false);
      await reloadCompetitorPrices(urlId);
    }
  };

  if (!canWrite) return pickedBy ? <p className="mt-2 text-sm">Picked by {pickedBy}</p> : null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {pickedBy ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>Picked by {pickedBy}</span>
          <Button size="sm" variant="link" disabled={busy} onClick={() => void unpin()}>
            Remove pick
          </Button>
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={`Not the right price? Prices found on ${name}`}
          onClick={() => void toggle()}
        >
          Not the right price?
        </Button>
      </div>
      {loaded === 'loading' ? <Spinner label="Loading the prices found on the page" /> : null}
      {loaded === 'failed' ? (
        <p className="text-sm text-muted-foreground">The prices found on the page could not be loaded.</p>
      ) : null}
      {loaded !== null && typeof loaded === 'object' ? (
        loaded.candidates.length === 0 ? (
          <p id={listId} className="text-sm text-muted-foreground">
            No prices found yet: check the URL first.
          </p>
        ) : (
          <ul id={listId} aria-label={`Prices found on ${name}`} className="flex flex-col gap-2">
            {loaded.candidates.map((candidate) => {
              const price = candidate.currency
                ? formatMoney(candidate.amount, candidate.currency)
                : String(candidate.amount);
              return (
                <li
                  key={candidate.id}
                  className="flex flex-wrap items-start gap-2 rounded-md border p-2 text-sm"
                >
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`Pick ${price}: ${candidate.context}`}
                    onClick={() => void pick(candidate)}
                  >
                    Pick
                  </Button>
                  <span className="font-semibold tabular-nums">{price}</span>
                  <span className="text-muted-foreground">
                    {SOURCE_LABEL[candidate.source]}
                    {candidate.chosen ? ' · taken by the latest check' : ''}
                  </span>
                  <span className="basis-full break-words">{candidate.context}</span>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
