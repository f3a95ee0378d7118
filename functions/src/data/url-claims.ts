import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import type { Claim } from './unique-claim';

/**
 * A product's URLs are unique per product: each product has one claim item holding the set of its
 * URLs' keys (sha256 of the normalised URL), `PRODUCT_URL_KEYS#<product id>` / `UNIQUE`. Adding a
 * URL adds its key on the condition that the set lacks it, one atomic request without
 * transactions (decision 10), and an import row's several URLs are claimed in that one request too
 * (decision 60: 10,000 rows of 3 URLs within 1.2 requests a row). An item per URL, as before,
 * took a conditional put per URL. Each claim also stamps the set's `claimed_at`: a repair releases
 * keys no URL holds only from a set that has not been claimed from since it looked. The set's size
 * also bounds the product's URLs (COMPETITOR_URLS_PER_PRODUCT_MAX) in the same request.
 */
const SET_PREFIX = 'PRODUCT_URL_KEYS#';
/** The claim items of the earlier design, one per URL: `migrateUrlClaims` folds them into the sets. */
const OLD_PREFIX = 'PRODUCT_URL#';

const setKey = (productId: number) => ({ PK: `${SET_PREFIX}${productId}`, SK: 'UNIQUE' });

/** Two spellings of one page count as the same URL: host case, default port and fragment are ignored. */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

export const urlKey = (url: string) => createHash('sha256').update(normaliseUrl(url)).digest('hex');

/** What a claim came to: made, or refused because the product holds a URL already, or is full. */
export type ClaimOutcome = 'claimed' | 'taken' | 'full';

/**
 * Claims every one of `urls` for the product in one request, or none of them: `taken` when the
 * product holds any of them already (then claim them one by one to learn which), `full` when it
 * would hold more than `max` URLs. The set's size is the product's URL count, so the limit holds
 * however many claim at once.
 */
export async function claimUrls(
  productId: number,
  urls: readonly string[],
  max?: number,
): Promise<ClaimOutcome> {
  const keys = [...new Set(urls.map(urlKey))];
  if (keys.length === 0) return 'claimed';
  if (max !== undefined && keys.length > max) return 'full';
  const claimed = await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: setKey(productId),
        UpdateExpression: 'ADD url_keys :keys SET claimed_at = :now',
        ConditionExpression: [
          ...keys.map((_, i) => `NOT contains(url_keys, :k${i})`),
          ...(max === undefined ? [] : ['(attribute_not_exists(url_keys) OR size(url_keys) <= :room)']),
        ].join(' AND '),
        ExpressionAttributeValues: {
          ':keys': new Set(keys),
          ':now': nowIso(),
          ...Object.fromEntries(keys.map((key, i) => [`:k${i}`, key])),
          ...(max === undefined ? {} : { ':room': max - keys.length }),
        },
      }),
    ),
  );
  if (claimed) return 'claimed';
  if (max === undefined) return 'taken';
  // Which condition failed: a claim released since makes this `full` once, and asking again succeeds.
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: setKey(productId), ConsistentRead: true }),
  );
  const held = Item?.url_keys instanceof Set ? (Item.url_keys as Set<string>) : new Set<string>();
  return keys.some((key) => held.has(key)) ? 'taken' : 'full';
}

/** Gives up the product's claim on `urls` (the URLs went, or moved). */
export async function releaseUrls(productId: number, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: setKey(productId),
      UpdateExpression: 'DELETE url_keys :keys',
      ExpressionAttributeValues: { ':keys': new Set(urls.map(urlKey)) },
    }),
  );
}

/**
 * Releases `keys` from the product's set, provided nothing was claimed from it since the claim
 * stamped `claimedAt` was read. True when they went.
 */
export async function releaseUrlKeysUnlessClaimedSince(
  productId: number,
  keys: readonly string[],
  claimedAt: string | undefined,
): Promise<boolean> {
  return conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: setKey(productId),
        UpdateExpression: 'DELETE url_keys :keys',
        ConditionExpression:
          claimedAt === undefined ? 'attribute_not_exists(claimed_at)' : 'claimed_at = :claimedAt',
        ExpressionAttributeValues: {
          ':keys': new Set(keys),
          ...(claimedAt === undefined ? {} : { ':claimedAt': claimedAt }),
        },
      }),
    ),
  );
}

/** A product's set of URL claims, as a scan of the claims read it. */
export interface UrlClaimSet {
  productId: number;
  keys: ReadonlySet<string>;
  /** When the last claim was made; undefined for a set kept before claims stamped it. */
  claimedAt: string | undefined;
}

/** The product's set of URL claims a claim item is, if it is one. */
export function urlClaimSet(claim: Claim): UrlClaimSet | undefined {
  if (!claim.key.PK.startsWith(SET_PREFIX)) return undefined;
  const { url_keys: keys, claimed_at: claimedAt } = claim.item;
  return {
    productId: Number(claim.key.PK.slice(SET_PREFIX.length)),
    keys: keys instanceof Set ? (keys as Set<string>) : new Set(),
    claimedAt: typeof claimedAt === 'string' ? claimedAt : undefined,
  };
}

/** The product went: so does its claim item. */
export async function deleteUrlClaims(productId: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: setKey(productId) }));
}

/**
 * Folds the claim items of the earlier one-per-URL design among `claims` (a scan of the whole
 * table: repairs only) into their product's set, each deleted once its key is in the set. Returns
 * how many it folded.
 */
export async function migrateUrlClaims(claims: readonly Claim[]): Promise<number> {
  const old = claims.filter((claim) => claim.key.PK.startsWith(OLD_PREFIX));
  for (const claim of old) {
    // PRODUCT_URL#<product id>#<key>
    const [productId, key] = claim.key.PK.slice(OLD_PREFIX.length).split('#');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: setKey(Number(productId)),
        UpdateExpression: 'ADD url_keys :keys',
        ExpressionAttributeValues: { ':keys': new Set([key]) },
      }),
    );
    await db().send(new DeleteCommand({ TableName: tableName(), Key: claim.key }));
  }
  return old.length;
}
