// The frame of a Create/Edit or import dialog: title, validation message, the fields, then Cancel and submit.
// A form with unsaved changes asks before it is closed, whichever way: Escape, the close button, Cancel,
// a click outside or the browser's Back.
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type dialogSizes,
} from './ui/dialog';

interface CloseGuard {
  /** Whether each form in the dialog has changes a close would lose, by the form's id. */
  changed: Map<string, boolean>;
  /** Closes the dialog, after 'Discard unsaved changes?' when a form has changes. */
  requestClose(): void;
}

const CloseGuardContext = createContext<CloseGuard | null>(null);

/**
 * `children` (the form) is mounted only while open, so each opening starts with a fresh form. Closing
 * asks first while a form inside reports unsaved changes (`useUnsavedChanges`); a save closes it through
 * `onOpenChange(false)` directly, without asking.
 */
export function FormDialog({
  open,
  onOpenChange,
  size,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  size?: keyof typeof dialogSizes;
  children: ReactNode;
}) {
  const [changed] = useState(() => new Map<string, boolean>());
  const [asking, setAsking] = useState(false);
  const guard: CloseGuard = {
    changed,
    requestClose: () => {
      if ([...changed.values()].some(Boolean)) setAsking(true);
      else onOpenChange(false);
    },
  };
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}>
        <DialogContent size={size}>
          <CloseGuardContext.Provider value={guard}>{open ? children : null}</CloseGuardContext.Provider>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Discard unsaved changes?"
        description="What you changed in this form has not been saved."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        busyLabel="Discarding..."
        onConfirm={async () => {
          onOpenChange(false);
          return true;
        }}
      />
    </>
  );
}

/**
 * Tells the form dialog around it whether `values` (the form's, as typed) differ from their first
 * ones, so that closing it asks first. A form cleared after it was sent (a list's add form) has nothing
 * to lose again.
 */
export function useUnsavedChanges(values: unknown): void {
  const guard = useContext(CloseGuardContext);
  const [first] = useState(() => JSON.stringify(values));
  const changed = JSON.stringify(values) !== first;
  const id = useId();
  const forms = guard?.changed;
  useEffect(() => {
    forms?.set(id, changed);
    return () => {
      forms?.delete(id);
    };
  }, [forms, id, changed]);
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
  /**
   * The form's values as typed: once they differ from the first ones, closing asks first. None for a
   * form with nothing a close would lose (an import: the file is still on disk).
   */
  values?: unknown;
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
  values,
  closeWhileBusy = false,
  children,
}: DialogFormProps) {
  useUnsavedChanges(values);
  // Cancel closes the form dialog around it, asking first about unsaved changes.
  const guard = useContext(CloseGuardContext);
  if (!guard) throw new Error('DialogForm is only used inside a FormDialog');
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
        <Button variant="outline" onClick={guard.requestClose} disabled={busy && !closeWhileBusy}>
          {closeWhileBusy ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
