// What shows in place of a screen, or a part of one, that failed to render: most often an answer it did
// not expect (a field missing or of another type, from an older or newer API during a deploy, or a
// record kept before the field existed). The message and a retry take only that place, so the header,
// the navigation and the rest of the page stay. Routes show it through their errorElement
// (app/routes/route-error.tsx); ErrorBoundary holds parts that should fail alone (the dashboard's tabs).
import { RefreshCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { mutate } from 'swr';
import { Button } from './ui/button';

/**
 * Drops every cached answer and fetches again those still on screen, so a retry renders fresh answers,
 * not the cached one that failed (and no request younger than swr's deduping interval is reused).
 */
export const dropCachedAnswers = () => mutate(() => true, undefined);

export function CouldNotShow({
  what,
  heading: Heading,
  onRetry,
}: {
  /** What failed, e.g. 'This page'. */
  what: string;
  /** h1 when it stands for the whole page, h2 for a part under the page's title. */
  heading: 'h1' | 'h2';
  onRetry(): void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <Heading className="text-lg font-semibold">{what} could not be shown</Heading>
      <p className="max-w-prose text-sm text-muted-foreground">
        The server's answer was not what it expected. This can happen while the app is being updated: try
        again in a moment, or reload the page.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** Shows CouldNotShow instead of `children` when they throw while rendering; Try again renders them anew. */
export class ErrorBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`${this.props.what} could not be shown`, error);
  }

  private readonly retry = async () => {
    await dropCachedAnswers();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? (
      <CouldNotShow what={this.props.what} heading="h2" onRetry={() => void this.retry()} />
    ) : (
      this.props.children
    );
  }
}
