// The frame of a Create/Edit or import dialog: title, validation message, the fields, then Cancel and submit.
import type { FormEvent, ReactNode } from 'react';
import { FormError } from './form-error';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

/** `children` (the form) is mounted only while open, so each opening starts with a fresh form. */
export function FormDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? children : null}</DialogContent>
    </Dialog>
  );
}

export interface DialogFormProps {
  title: string;
  description: ReactNode;
  /** The validation message, shown above the fields. */
  error: string | null;
  /** The message's element id, for the input it is about (`invalidInput`). */
  errorId?: string;
  /** While saving: both buttons are disabled and the submit button reads `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  /**
   * Set while the work goes on without the dialog (a long import): the cancel button stays enabled
   * and reads 'Close'.
   */
  closeWhileBusy?: boolean;
  /** The fields; each form wraps them in its own `<fieldset disabled={busy}>` and layout. */
  children: ReactNode;
}

export function DialogForm({
  title,
  description,
  error,
  errorId,
  busy,
  submitLabel,
  busyLabel = 'Saving...',
  onSubmit,
  onCancel,
  closeWhileBusy = false,
  children,
}: DialogFormProps) {
  return (
    // noValidate: the messages in docs/rules.md#8-validation explain a bad value, not the browser's bubble.
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormError message={error} id={errorId} />
      {children}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy && !closeWhileBusy}>
          {closeWhileBusy ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
