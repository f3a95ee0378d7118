// A labelled form field: the label above its control.
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './ui/label';

export function FormField({
  id,
  label,
  className,
  children,
}: {
  /** The control's id, so the label names it. */
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
