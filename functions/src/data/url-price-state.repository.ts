import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CheckOutcome, PricePin } from '@cmp/shared';
import { batchGetConsistent } from './batch-get';
import { catalogueWrite } from './catalogue-write';
import { competitorUrlKey } from './competitor-url-key';
import { conditionHeld, db, tableName } from './dynamo';
import { projectionOf } from './projection';

/**
 * A competitor URL's price state, on the URL's item beside what competitor-url.repository.ts
 * creates, edits and deletes (an edit leaves it alone). Scrape runs write it check by check;
 * people decide the held prices.
 */
export interface UrlPriceState {
  latest?: LatestObservation;
  /** The price the comparison uses: the last one that passed the plausibility gate or a person accepted. */
  accepted?: AcceptedObservation;
  /** The price the latest check held for review, while it waits. */
  held?: HeldPrice;
  /** A price a person rejected: finding it again does not confirm it. */
  rejected?: { price: number; currency: string | null };
  /** Checks in a row that could not read the page (blocked or failed). */
  consecutive_failures?: number;
  /** The price's place a person picked (writePricePin). */
  price_pin?: PricePinRecord;
}

/** The price state of the URL `id`. */
type PricedUrl = UrlPriceState & { id: number };

/** The scraper's latest look at a URL, kept on the URL item for the dashboard. */
export interface LatestObservation extends CheckOutcome {
  run_id: string;
}

/** An accepted price with what its check saw. */
export type AcceptedObservation = Pick<
  LatestObservation,
  'run_id' | 'price' | 'currency' | 'in_stock' | 'confidence' | 'scraped_at'
> & { price: number };

export interface HeldPrice {
  run_id: string;
  price: number;
  currency: string | null;
  scraped_at: string;
}

/** What a check does to the URL's kept prices (scrape-run/judge-check.ts decides it). */
export interface UrlCheckEffect {
  effect: 'accept' | 'hold' | 'clear' | 'keep';
  /** The check could not read the page: one more in the URL's run of failures; else the run ends. */
  unreachable: boolean;
}

/** What a run changes on a URL (its latest check, its accepted and held prices, its failures in a row), by id. */
const RUN_STATE_FIELDS = [
  'id',
  'latest',
  'accepted',
  'held',
  'consecutive_failures',
] as const satisfies readonly (keyof PricedUrl)[];
export type UrlRunState = Pick<PricedUrl, (typeof RUN_STATE_FIELDS)[number]>;

/**
 * What the last checks left on these URLs (their latest check, accepted and held prices, failures
 * in a row), read by key, strongly consistent (a run's snapshot); URLs deleted are left out.
 */
export const getUrlRunStates = (ids: readonly number[]): Promise<UrlRunState[]> =>
  batchGetConsistent<UrlRunState>(ids.map(competitorUrlKey), projectionOf(RUN_STATE_FIELDS));

/**
 * Stores a run's observation unless a later run already stored one (runs sort by start time),
 * with what it does to the accepted and held prices and the failure count, in one conditional
 * write. The run as a whole moves the catalogue version (see catalogue-version.repository), not
 * each URL. Returns false when the URL no longer exists (deleted meanwhile).
 */
export async function recordLatestObservation(
  urlId: number,
  observation: LatestObservation,
  { effect, unreachable }: UrlCheckEffect,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':observation': observation,
    ':run': observation.run_id,
    ':zero': 0,
    ...(unreachable ? { ':one': 1 } : {}),
  };
  const set = [
    'latest = :observation',
    unreachable
      ? 'consecutive_failures = if_not_exists(consecutive_failures, :zero) + :one'
      : 'consecutive_failures = :zero',
  ];
  const remove: string[] = [];
  if (effect === 'accept' && observation.price !== null) {
    set.push('accepted = :accepted');
    remove.push('held');
    values[':accepted'] = {
      run_id: observation.run_id,
      price: observation.price,
      currency: observation.currency,
      in_stock: observation.in_stock,
      confidence: observation.confidence,
      scraped_at: observation.scraped_at,
    } satisfies AcceptedObservation;
  } else if (effect === 'hold' && observation.price !== null) {
    set.push('held = :held');
    values[':held'] = {
      run_id: observation.run_id,
      price: observation.price,
      currency: observation.currency,
      scraped_at: observation.scraped_at,
    } satisfies HeldPrice;
  } else if (effect === 'clear') remove.push('accepted', 'held');
  const stored = await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: competitorUrlKey(urlId),
        UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(latest) OR latest.run_id <= :run)',
        ExpressionAttributeValues: values,
      }),
    ),
  );
  if (stored) return true;
  // Deleted meanwhile, or a newer run got there first: only the first needs telling.
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: competitorUrlKey(urlId),
      ConsistentRead: true,
      ProjectionExpression: 'PK',
    }),
  );
  return Item !== undefined;
}

/**
 * A person's decision on the held price of the check `held.run_id`: accepting makes it the
 * accepted price; rejecting keeps the accepted one and remembers the rejected amount. Either way
 * the latest observation says so. Conditional on that check still being the one held (and the
 * latest), so two people deciding at once, or a run landing meanwhile, cannot cross. False when it
 * no longer is. Moves the catalogue version: the dashboard's lists must show it at once.
 */
export async function decideHeldPrice(
  url: PricedUrl & { held: HeldPrice; latest: LatestObservation },
  decision: 'accept' | 'reject',
  message: string,
): Promise<boolean> {
  const { held, latest } = url;
  const accept = decision === 'accept';
  return updateShownUrl(url.id, {
    UpdateExpression: accept
      ? 'SET accepted = :accepted, latest.outcome = :ok, latest.message = :message REMOVE held, rejected'
      : 'SET rejected = :rejected, latest.message = :message REMOVE held',
    ConditionExpression: 'held.run_id = :run AND latest.run_id = :run',
    ExpressionAttributeValues: {
      ':run': held.run_id,
      ':message': message,
      ...(accept
        ? {
            ':ok': 'ok',
            ':accepted': {
              run_id: held.run_id,
              price: held.price,
              currency: held.currency,
              in_stock: latest.in_stock,
              confidence: latest.confidence,
              scraped_at: held.scraped_at,
            } satisfies AcceptedObservation,
          }
        : { ':rejected': { price: held.price, currency: held.currency } }),
    },
  });
}

/** A person's pin of the price on the page (docs/rules.md#price-pins): what the API shows, and its locator. */
export interface PricePinRecord extends PricePin {
  /** Where the price sits (scrape/extract/price-candidates.ts locatorOf). */
  locator: string;
}

/** Sets or removes the URL's pin; false when the URL no longer exists. */
export function writePricePin(urlId: number, pin: PricePinRecord | null): Promise<boolean> {
  return updateShownUrl(urlId, {
    UpdateExpression: pin ? 'SET price_pin = :pin' : 'REMOVE price_pin',
    ConditionExpression: 'attribute_exists(PK)',
    ...(pin ? { ExpressionAttributeValues: { ':pin': pin } } : {}),
  });
}

/**
 * A person's change to what the lists show of the URL, if its condition holds (false when not).
 * Moves the catalogue version: the dashboard's lists show it at once.
 */
function updateShownUrl(
  urlId: number,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues'>,
): Promise<boolean> {
  return conditionHeld(
    catalogueWrite(
      () => db().send(new UpdateCommand({ TableName: tableName(), Key: competitorUrlKey(urlId), ...update })),
      {},
      { kind: 'urls', id: urlId },
    ),
  );
}
