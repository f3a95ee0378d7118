import { type RunSnapshot, readCatalogueVersion } from '../data/catalogue-version.repository';
import { getUrlRunStates } from '../data/url-price-state.repository';
import { putUrlSnapshot } from '../data/url-snapshot.repository';
import { logger } from '../logger';
import { inParts } from './in-parts';

/**
 * Snapshots the URLs a completed run checked (decision 61): after a run every URL's latest check
 * changed, and without it the first list call after the run would read all 30,000 URL items
 * again. The URLs' version is read first, then what the checks left on each URL, by key, strongly
 * consistent:
 * the run's end names the snapshot only if that version has not moved meanwhile, so the snapshot is
 * exact one change on from it. A snapshot that cannot be written costs speed, not the run's end:
 * the lists then read every URL once.
 */
export async function snapshotRunUrls(
  runId: string,
  urlIds: readonly number[],
): Promise<RunSnapshot | undefined> {
  try {
    const base = (await readCatalogueVersion()).kinds.urls.value;
    await putUrlSnapshot(runId, statesInParts(urlIds));
    return { runId, base };
  } catch (error) {
    logger().error("Could not snapshot the run's URLs; the lists will read every URL once", {
      runId,
      error,
    });
    return undefined;
  }
}

/**
 * What the checks left on the URLs, read part by part, in id order: the order the lists keep the
 * URLs in, so a reader puts the snapshot over them in one pass (catalogue-records.ts).
 */
async function* statesInParts(urlIds: readonly number[]) {
  const inIdOrder = [...urlIds].sort((a, b) => a - b);
  for (const ids of inParts(inIdOrder)) yield (await getUrlRunStates(ids)).sort((a, b) => a.id - b.id);
}
