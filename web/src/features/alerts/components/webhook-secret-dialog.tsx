// The signing secret of each webhook a save created: the API returns it in that answer only, so it is
// shown once, with a copy button (docs/screens.md#alert-settings).
import { Copy } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { notifyError, notifySuccess } from '../../../lib/notify';

export interface NewSecret {
  /** The channel, e.g. 'Webhook https://example.com/price-alerts'. */
  channel: string;
  secret: string;
}

export const SECRET_NOTE =
  'Copy the secret now and keep it with the receiver: it will not be shown again. ' +
  'Each request carries X-Signature-256: sha256=<HMAC-SHA256 of the body with this secret>.';

/**
 * Open while `secrets` holds any. It opens after a save rather than from a control, so closing it
 * focuses `returnFocusTo` (the Save button).
 */
export function WebhookSecretDialog({
  secrets,
  onClose,
  returnFocusTo,
}: {
  secrets: readonly NewSecret[];
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  return (
    <Dialog open={secrets.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="lg"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{secrets.length > 1 ? 'Webhook secrets' : 'Webhook secret'}</DialogTitle>
          <DialogDescription>{SECRET_NOTE}</DialogDescription>
        </DialogHeader>
        {secrets.map((entry, index) => {
          const inputId = `${id}-${index}`;
          return (
            <div key={entry.channel} className="flex flex-col gap-2">
              <Label htmlFor={inputId} className="break-all leading-normal">
                {entry.channel}
              </Label>
              <div className="flex gap-2">
                <Input id={inputId} readOnly value={entry.secret} className="font-mono" />
                <Button
                  type="button"
                  variant="outline"
                  aria-label={`Copy secret of ${entry.channel}`}
                  onClick={() => void copy(entry.secret)}
                >
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
              </div>
            </div>
          );
        })}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

async function copy(secret: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    notifySuccess('Secret copied');
  } catch (error) {
    notifyError(error, 'Could not copy the secret: select it and copy it yourself');
  }
}
