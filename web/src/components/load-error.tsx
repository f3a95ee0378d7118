// In place of a table whose data could not be loaded (the failure toast has already been shown).
import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button';

export function LoadError({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <p className="text-sm text-muted-foreground">{what} could not be loaded.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
