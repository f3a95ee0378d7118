// A value the API returns once only (a new webhook's secret, a generated password): shown in a dialog
// with a copy button each, that closes back to the control that started it.
import { Copy } from 'lucide-react';
import { type ReactNode, type RefObject, useId } from 'react';
import { notifyError, notifySuccess } from '../lib/notify';
import { Button } from './ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';

export interface ShownValue {
  label: string;
  value: string;
  /** The copy button's accessible name when several values are shown. */
  copyLabel?: string;
}

/**
 * Open while `values` holds any. It opens after a save rather than from a control, so closing it
 * focuses `returnFocusTo` (the button that started it), when that is still on the page.
 */
export function ShowOnceDialog({
  title,
  description,
  values,
  what,
  onClose,
  returnFocusTo,
  size,
}: {
  title: string;
  description: ReactNode;
  values: readonly ShownValue[];
  /** What is copied, for the toasts: 'secret', 'password'. */
  what: string;
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
  size?: 'lg';
}) {
  const id = useId();
  return (
    <Dialog open={values.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        {...(size ? { size } : {})}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {values.map((shown, index) => {
          const inputId = `${id}-${index}`;
          return (
            <div key={shown.label} className="flex flex-col gap-2">
              <Label htmlFor={inputId} className="wrap-anywhere leading-normal">
                {shown.label}
              </Label>
              <div className="flex gap-2">
                <Input id={inputId} readOnly value={shown.value} className="font-mono" />
                <Button
                  type="button"
                  variant="outline"
                  {...(shown.copyLabel ? { 'aria-label': shown.copyLabel } : {})}
                  onClick={() => void copy(shown.value, what)}
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

async function copy(value: string, what: string): Promise<void> {
  const title = what.charAt(0).toUpperCase() + what.slice(1);
  try {
    await navigator.clipboard.writeText(value);
    notifySuccess(`${title} copied`);
  } catch (error) {
    notifyError(error, `Could not copy the ${what}: select it and copy it yourself`);
  }
}
