import { VIEWERS_READ_ONLY } from '@cmp/shared';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ForbiddenError } from '../../domain/errors';
import type { ApiContext } from '../api-context';

/** On a route that changes something: a viewer's request is refused (403) before anything is read or written. */
export function refuseViewers(): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, ApiContext> {
  return {
    before: ({ context }) => {
      if (context.auth?.user.role === 'viewer') throw new ForbiddenError(VIEWERS_READ_ONLY);
    },
  };
}
