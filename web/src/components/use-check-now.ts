// 'Check now' (docs/screens.md#8-competitors-page), and the check after a price is picked: starts a
// price check of one URL, marks it busy, and when the run ends (the scraper status, polled while a run
// is on, as the Check My Price panel does) reloads the URL's prices so the screens show the result.
import type { CompetitorUrl, ScraperStatus } from '@cmp/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkCompetitorUrl, reloadCompetitorPrices } from '../api/competitor-urls';
import { reloadScraperStatus, useScraperStatus } from '../api/scraper';
import { notifyError, notifySuccess } from '../lib/notify';

/** docs/rules.md#17-client-timings-and-limits: while a check is on, the status is asked every 2 s. */
export const CHECK_NOW_POLL_MS = 2000;

export function useCheckNow() {
  const [checking, setChecking] = useState<ReadonlySet<number>>(() => new Set());
  // Answers "already starting?" at once, before a re-render (a double click).
  const checkingRef = useRef(new Set<number>());
  // Polls only while this page waits for a check (0: the status is read once, not polled).
  const status = useScraperStatus(checking.size > 0 ? CHECK_NOW_POLL_MS : 0);

  const mark = useCallback((id: number, on: boolean) => {
    if (on) checkingRef.current.add(id);
    else checkingRef.current.delete(id);
    setChecking(new Set(checkingRef.current));
  }, []);

  // One run at a time, so a run ending ends every check this page started.
  const finish = useCallback(() => {
    const ids = [...checkingRef.current];
    checkingRef.current.clear();
    setChecking(new Set());
    for (const id of ids) void reloadCompetitorPrices(id);
  }, []);

  const running = status.data?.is_running;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && running === false && checkingRef.current.size > 0) finish();
    wasRunning.current = running;
  }, [running, finish]);

  const check = useCallback(
    async (competitor: Pick<CompetitorUrl, 'id'>) => {
      if (checkingRef.current.has(competitor.id)) return;
      mark(competitor.id, true);
      try {
        notifySuccess(await checkCompetitorUrl(competitor.id));
      } catch (error) {
        mark(competitor.id, false);
        notifyError(error, 'Failed to start the check');
        return;
      }
      // Asked after the start, so 'not running' means the run has already ended.
      const fresh: ScraperStatus | undefined = await reloadScraperStatus();
      if (fresh && !fresh.is_running) finish();
    },
    [mark, finish],
  );

  return { checking, check };
}
