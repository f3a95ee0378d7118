// Pager for tables: Previous / up to 5 page buttons / Next, and 'Showing a to b of n <noun>'.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { pageCount, pageWindow, showingText } from './pagination-range';

export interface PaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  /** Plural noun for the summary line, e.g. 'products' or 'competitor URLs'. */
  noun: string;
  onPageChange(page: number): void;
  className?: string;
}

/** Renders nothing for an empty list: the table shows its empty state instead. */
export function Pagination({ page, pageSize, totalItems, noun, onPageChange, className }: PaginationProps) {
  if (totalItems === 0) return null;
  const totalPages = pageCount(totalItems, pageSize);
  return (
    <div className={cn('flex flex-col items-center justify-between gap-2 sm:flex-row', className)}>
      <p className="text-sm text-muted-foreground">{showingText(page, pageSize, totalItems, noun)}</p>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'outline'}
            size="sm"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
