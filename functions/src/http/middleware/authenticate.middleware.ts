import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authenticate } from '../../auth/authenticate';
import type { ApiContext } from '../api-context';

/** Requires a valid bearer token with a live session; sets `context.auth` or answers 401. */
export function requireSession(): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      context.auth = await authenticate(event.headers.authorization);
    },
  };
}
