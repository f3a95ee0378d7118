import { provideSettings } from '@cmp/functions/config';
import { holdHostStarts, readHostPace, startHostRequest } from '@cmp/functions/data/host-pace.repository';
import { OutOfTimeError } from '@cmp/functions/scrape/fetch/fetch-errors';
import { createGuardedFetcher, type RequestPacer } from '@cmp/functions/scrape/fetch/guarded-fetch';
import {
  HostBusyError,
  hostPacer,
  NO_TIME_LEFT,
  PACE_LEFT_NO_TIME,
  pacedFetch,
} from '@cmp/functions/scrape-run/host-pacing';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../local/dynamo-local';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { type FixtureShop, startFixtureShop } from '../support/fixture-shop';

/**
 * The per-host pace on embedded dynalite, as separate Lambdas share it: each pacer below stands
 * for one check in its own Lambda, and only the host's item in the table connects them.
 */
const dynamo: LocalDynamo = await startLocalDynamo({ tableName: LOCAL_TABLE_NAME });
provideSettings({
  TABLE_NAME: LOCAL_TABLE_NAME,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: 'eu-west-2',
});
const shops: FixtureShop[] = [];
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
  await dynamo.close();
});

let hosts = 0;
/** A host no other test uses (the pace is kept per host name, across tests as across runs). */
const freshHost = () => new URL(`http://shop-${++hosts}.test/p/1`);
/** A request as the fetcher makes it: its turn, the moment it reaches the host, its end. */
async function request(pacer: RequestPacer, url: URL): Promise<number> {
  const turn = await pacer.begin(url);
  turn.reached();
  const reachedAt = Date.now();
  await turn.end(null);
  return reachedAt;
}

/** A check with the whole of its time ahead, in a run that goes on. */
const roomy = () => ({ latestStartMs: Date.now() + 60_000 });

describe('a host’s pace, shared by every check', () => {
  it('spaces request starts to one host by at least 1 s, whichever check sends them', async () => {
    const url = freshHost();
    const starts: number[] = [];

    for (let check = 0; check < 3; check++) starts.push(await request(hostPacer(roomy()), url));

    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });

  it('lets at most 2 requests to one host be in flight; a third starts when one ends', async () => {
    const url = freshHost();
    const first = await hostPacer(roomy()).begin(url);
    const second = await hostPacer(roomy()).begin(url);
    let thirdStartedAt = 0;
    const third = hostPacer(roomy())
      .begin(url)
      .then((turn) => {
        thirdStartedAt = Date.now();
        return turn;
      });

    // Past the 1 s spacing, both places are still taken: the third waits.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const startedWhileBusy = thirdStartedAt;
    const firstEndedAt = Date.now();
    await first.end(null);
    await (await third).end(null);
    await second.end(null);

    expect(startedWhileBusy).toBe(0);
    expect(thirdStartedAt).toBeGreaterThanOrEqual(firstEndedAt);
  });

  it('gives the place a refused request frees to no waiting check before the wait the host asked for', async () => {
    const url = freshHost();
    const refused = await hostPacer(roomy()).begin(url);
    const other = await hostPacer(roomy()).begin(url);
    let waitingStartedAt = 0;
    const waiting = hostPacer(roomy())
      .begin(url)
      .then((turn) => {
        waitingStartedAt = Date.now();
        return turn;
      });
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const refusedAt = Date.now();
    await refused.end(2000);
    await (await waiting).end(null);
    await other.end(null);

    expect(waitingStartedAt - refusedAt).toBeGreaterThanOrEqual(2000);
  });

  it('keeps the Crawl-delay robots.txt asked for, after robots.txt itself and for checks that have not read it', async () => {
    const url = freshHost();
    const reader = hostPacer(roomy());
    const robotsAt = await request(reader, new URL('/robots.txt', url));
    await reader.crawlDelayRead(url, 2);

    const pageAt = await request(hostPacer(roomy()), url);
    const nextAt = await request(hostPacer(roomy()), url);

    expect(pageAt - robotsAt).toBeGreaterThanOrEqual(2000);
    expect(nextAt - pageAt).toBeGreaterThanOrEqual(2000);
  });

  it('frees the place of a check that died mid-request once its time is up', async () => {
    const host = freshHost().hostname;
    const now = Date.now();
    // Two requests whose checks never ended them; their places were held until a moment ago.
    const at = (nowMs: number, busyUntilMs: number) => ({
      nowMs,
      nextFromMs: nowMs,
      minSpacingMs: 1000,
      busyUntilMs,
    });
    await startHostRequest(host, 0, at(now - 5000, now - 1));
    await startHostRequest(host, 1, at(now - 3000, now - 1));

    const nextStart = await startHostRequest(host, 0, at(now, now + 30_000));

    expect(nextStart).toBe(now + 1000);
    expect((await readHostPace(host)).slotsBusyUntilMs[0]).toBe(now + 30_000);
  });
});

describe('a check that cannot have its turn soon', () => {
  it('is sent away to come back at the host’s next turn, rather than waiting in its Lambda', async () => {
    const url = freshHost();
    const heldUntil = Date.now() + 45_000;
    await holdHostStarts(url.hostname, heldUntil);

    const begun = hostPacer({ latestStartMs: Date.now() + 90_000 }).begin(url);

    await expect(begun).rejects.toThrow(HostBusyError);
    await expect(begun).rejects.toMatchObject({ retryAtMs: heldUntil, honoursRetryAfter: false });
  });

  it('is not checked when the host has no turn for it in its time, and says why', async () => {
    const url = freshHost();
    await holdHostStarts(url.hostname, Date.now() + 5000);

    const tooLate = hostPacer({ latestStartMs: Date.now() + 2000 });
    const outOfTime = hostPacer({ latestStartMs: Date.now() - 1 });

    await expect(tooLate.begin(url)).rejects.toThrow(new OutOfTimeError(PACE_LEFT_NO_TIME));
    await expect(outOfTime.begin(freshHost())).rejects.toThrow(new OutOfTimeError(NO_TIME_LEFT));
  });
});

describe('a shop that answers 429 with Retry-After', () => {
  const limitedShop = async (retryAfter: string) => {
    // The pace is kept per host name: each shop here gets a loopback address of its own.
    const shop = await startFixtureShop({ retryAfter, hosts: [`127.0.0.${11 + shops.length}`] });
    shops.push(shop);
    const fetcher = createGuardedFetcher({ allowHosts: [shop.hostPort], userAgent: 'CheckMyPriceBot/1.0' });
    return { shop, fetcher, url: `${shop.origin}/limited/1` };
  };

  it('is asked once more after the wait it asked for, and no request reaches it before then', async () => {
    const { shop, fetcher, url } = await limitedShop('2');
    const check = { ...roomy(), runId: 'RUN-PACED', retryAfterHonoured: false };

    const askedAt = Date.now();
    const first = await pacedFetch(fetcher, check)(url).catch((error: unknown) => error);
    const refusedAt = Date.now();
    const other = await hostPacer(roomy()).begin(new URL(url));
    const otherStartedAt = Date.now();
    await other.end(null);
    const second = await pacedFetch(fetcher, { ...check, retryAfterHonoured: true })(url).catch(
      (error: unknown) => error,
    );

    expect(first).toBeInstanceOf(HostBusyError);
    expect(first).toMatchObject({ honoursRetryAfter: true });
    expect((first as HostBusyError).retryAtMs - refusedAt).toBeGreaterThan(1900);
    // The hold runs from the refusal's arrival, some time after it was asked for; the measure from the
    // ask cannot come out short, however long the check took to note it.
    expect(otherStartedAt - askedAt).toBeGreaterThanOrEqual(2000);
    // The second refusal stands: the check records it.
    expect(second).toMatchObject({ name: 'HttpStatusError', status: 429, retryAfterMs: 2000 });
    expect(shop.seen().filter((r) => r.path === '/limited/1')).toHaveLength(2);
  });

  it('is not waited for when the wait is longer than the check has left: the refusal stands at once', async () => {
    const { fetcher, url } = await limitedShop('600');
    const check = { ...roomy(), runId: 'RUN-PACED', retryAfterHonoured: false };

    const refusal = await pacedFetch(fetcher, check)(url).catch((error: unknown) => error);

    expect(refusal).toMatchObject({ name: 'HttpStatusError', status: 429, retryAfterMs: 600_000 });
  });
});
