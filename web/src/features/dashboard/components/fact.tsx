import type { ReactNode } from 'react';

/** One figure of a dialog's summary: a term and its value, inside a <dl>. */
export function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
