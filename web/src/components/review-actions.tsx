// 'Accept price' and 'Reject' for a price the latest check held for review (docs/screens.md#price-dialog).
// Either way every screen showing the URL's prices reloads; a 409 shows the server's message. A viewer
// gets neither.
import { useState } from 'react';
import { decideHeldPrice, reloadCompetitorPrices } from '../api/competitor-urls';
import { notifyError, notifySuccess } from '../lib/notify';
import { useCanWrite } from '../lib/write-access';
import { Button } from './ui/button';

type Decision = 'accept' | 'reject';

const TEXTS: Record<Decision, { label: string; busy: string; done: string; failure: string }> = {
  accept: {
    label: 'Accept price',
    busy: 'Accepting...',
    done: 'Price accepted',
    failure: 'Failed to accept the price',
  },
  reject: {
    label: 'Reject',
    busy: 'Rejecting...',
    done: 'Price rejected',
    failure: 'Failed to reject the price',
  },
};

export function ReviewActions({
  urlId,
  checkedAt,
  name,
}: {
  urlId: number;
  checkedAt: string;
  name: string;
}) {
  const [busy, setBusy] = useState<Decision | null>(null);
  // A rejected price stays 'review' (it is still not compared) but waits for no one: hide the buttons.
  const [decided, setDecided] = useState<string | null>(null);
  const canWrite = useCanWrite();
  if (!canWrite || decided === checkedAt) return null;

  const decide = async (decision: Decision) => {
    setBusy(decision);
    try {
      await decideHeldPrice(urlId, decision, checkedAt);
      notifySuccess(TEXTS[decision].done);
      setDecided(checkedAt);
    } catch (error) {
      notifyError(error, TEXTS[decision].failure);
    } finally {
      setBusy(null);
      // After a 409 too: someone else decided, or a newer check came in.
      await reloadCompetitorPrices(urlId);
    }
  };

  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {(['accept', 'reject'] as const).map((decision) => (
        <Button
          key={decision}
          size="sm"
          variant={decision === 'accept' ? 'default' : 'outline'}
          disabled={busy !== null}
          // Names the competitor, as several cards can hold a price for review in one dialog.
          aria-label={`${busy === decision ? TEXTS[decision].busy : TEXTS[decision].label} from ${name}`}
          onClick={() => void decide(decision)}
        >
          {busy === decision ? TEXTS[decision].busy : TEXTS[decision].label}
        </Button>
      ))}
    </div>
  );
}
