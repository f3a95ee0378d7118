import { timingSafeEqual } from 'node:crypto';

/** The header CloudFront adds to every request it sends to the API, carrying the origin-verify secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export interface AddressInput {
  /** Lower-cased request headers (the header normaliser ran first). */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The address that connected to API Gateway (on AWS: a CloudFront edge). */
  readonly sourceIp: string;
  /**
   * The origin-verify values accepted: the secret's current one and, during a rotation, the one
   * before it (decision 52); null where nothing sits in front of the API (local stack, tests).
   */
  readonly originVerify: readonly string[] | null;
}

/** The browser's address, or `refused` when the request did not come through CloudFront. */
export type ClientAddress =
  | { readonly refused: false; readonly address: string }
  | { readonly refused: true };

/**
 * Where the request comes from. Behind CloudFront the connecting address is an edge shared by many
 * users, so the viewer's address is read from `x-forwarded-for`, but only when the request carries
 * the secret CloudFront adds: anyone calling the execute-api endpoint directly could forge the rest.
 */
export function clientAddress({ headers, sourceIp, originVerify }: AddressInput): ClientAddress {
  if (originVerify === null) return { refused: false, address: sourceIp };
  const presented = headers[ORIGIN_VERIFY_HEADER];
  if (presented === undefined || !originVerify.some((value) => sameSecret(presented, value)))
    return { refused: true };
  // CloudFront appends the viewer's address; a client can only prepend entries. API Gateway may add
  // its own peer (the edge) after it, so that one is skipped when it is last.
  const forwarded = (headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.at(-1) === sourceIp && forwarded.length > 1) forwarded.pop();
  return { refused: false, address: forwarded.at(-1) ?? sourceIp };
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
