import type { ReactNode } from 'react';

/**
 * One figure of a dialog's summary: a term and its value, inside a <dl>; a caption says how to read
 * the value where it could be read two ways (whose price is meant).
 */
export function Fact({
  term,
  caption,
  className,
  children,
}: {
  term: string;
  caption?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
      {caption ? <dd className="mt-0.5 text-xs text-muted-foreground">{caption}</dd> : null}
    </div>
  );
}
