// A generated password (a new user's, or a reset's): the API returns it in that answer only, so it is
// shown once, with a copy button (docs/screens.md#12-users-page).
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

export interface OneTimePassword {
  username: string;
  password: string;
}

/**
 * Open while `shown` is set. It opens after a save rather than from a control, so closing it focuses
 * `returnFocusTo` (the button that started it).
 */
export function OneTimePasswordDialog({
  shown,
  onClose,
  returnFocusTo,
}: {
  shown: OneTimePassword | null;
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>One-time password</DialogTitle>
          <DialogDescription>
            Copy it now and give it to {shown?.username} in person or another safe way: it will not be shown
            again.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>Password for {shown?.username}</Label>
          <div className="flex gap-2">
            <Input id={id} readOnly value={shown?.password ?? ''} className="font-mono" />
            <Button type="button" variant="outline" onClick={() => void copy(shown?.password ?? '')}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

async function copy(password: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(password);
    notifySuccess('Password copied');
  } catch (error) {
    notifyError(error, 'Could not copy the password: select it and copy it yourself');
  }
}
