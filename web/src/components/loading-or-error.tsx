// What a page shows before its data has come: the load error with a retry, else a spinner.
import { LoadError } from './load-error';
import { Spinner } from './ui/spinner';

export function LoadingOrError({
  error,
  what,
  loadingLabel,
  onRetry,
}: {
  error: unknown;
  /** What could not be loaded, e.g. 'Products'. */
  what: string;
  /** The spinner's accessible name, e.g. 'Loading products'. */
  loadingLabel: string;
  onRetry(): void;
}) {
  return error ? (
    <LoadError what={what} onRetry={onRetry} />
  ) : (
    <div className="flex justify-center py-12">
      <Spinner label={loadingLabel} />
    </div>
  );
}
