// Plain semantic table parts, styled; scrolls sideways inside its card on narrow screens, with the product
// column held at the left edge (docs/screens.md#13-narrow-windows).
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * `label` names the scrolling region around the table: the region takes focus so that keyboard
 * users can scroll it sideways on a narrow screen (WCAG 2.1.1), and is announced by that name.
 */
export function Table({ label, className, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </section>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />;
}

/**
 * `sticky` marks a column's cells, header included (the product column): below the md breakpoint they stay
 * at the left edge while the other columns scroll under them. Rows are opaque (index.css), so the cell
 * takes its row's background.
 */
const stickyClasses =
  'max-md:sticky max-md:left-0 max-md:z-10 max-md:bg-inherit max-md:shadow-[inset_-1px_0_0_var(--color-border)]';

export function TableHead({ className, sticky, ...props }: ComponentProps<'th'> & { sticky?: boolean }) {
  return (
    <th
      className={cn(
        'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        sticky && stickyClasses,
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, sticky, ...props }: ComponentProps<'td'> & { sticky?: boolean }) {
  return <td className={cn('p-2 align-middle', sticky && stickyClasses, className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
