// A labelled form field: the label above its control, and below it the server's message about it.
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './ui/label';

/** The id of the message below the control `id`. */
const messageId = (id: string) => `${id}-message`;

export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  /** The control's id, so the label names it. */
  id: string;
  label: string;
  /** The server's message about this field; give the control `fieldErrorProps(id, error)` too. */
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={messageId(id)} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The props of control `id` while the server's message about it shows: marked invalid and described by
 * the message (as `invalidInput` does for a client-side message), after its own `hintId` if it has one.
 */
export function fieldErrorProps(id: string, error: string | undefined, hintId?: string) {
  if (!error) return hintId ? { 'aria-describedby': hintId } : {};
  const describedBy = hintId ? `${hintId} ${messageId(id)}` : messageId(id);
  return { 'aria-invalid': true, 'aria-describedby': describedBy };
}
