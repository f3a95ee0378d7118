import type { Context } from 'aws-lambda';
import type { AuthContext } from '../auth/authenticate';

/** The Lambda context, extended with what the middlewares found out about the request. */
export interface ApiContext extends Context {
  auth?: AuthContext;
  body?: unknown;
  /** The browser's address (behind CloudFront: from `x-forwarded-for`, see client-address.ts). */
  clientAddress?: string;
}
