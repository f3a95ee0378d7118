// The per-product "analysis running" marks (docs/screens.md#row-actions).
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { startScraping } from '../../../api/scraper';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** docs/rules.md#17-client-timings-and-limits: the mark clears 3 s after a successful start. */
const RUNNING_MARK_MS = 3000;

export function useAnalysisRuns() {
  const [running, setRunning] = useState<ReadonlySet<number>>(() => new Set());
  // The ref answers "already running?" at once, before a re-render (e.g. a double click).
  const runningRef = useRef(new Set<number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const mark = useCallback((id: number, on: boolean) => {
    if (on) runningRef.current.add(id);
    else runningRef.current.delete(id);
    setRunning(new Set(runningRef.current));
  }, []);

  const run = useCallback(
    async (product: { id: number; name: string }) => {
      if (runningRef.current.has(product.id)) {
        toast.info('Analysis is already running for this product');
        return;
      }
      mark(product.id, true);
      try {
        await startScraping(product.id);
      } catch (error) {
        mark(product.id, false);
        notifyError(error, 'Failed to start analysis');
        return;
      }
      notifySuccess(`AI analysis started for "${product.name}"`);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        mark(product.id, false);
      }, RUNNING_MARK_MS);
      timers.current.add(timer);
    },
    [mark],
  );

  return { running, run };
}
