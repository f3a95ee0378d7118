import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning indicator announced to screen readers as `label`. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle
        aria-hidden="true"
        className={cn('size-5 animate-spin text-muted-foreground', className)}
      />
    </span>
  );
}

/** A spinner centred in the viewport, for whole-page waits (e.g. while the stored token is checked). */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
