import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '../../logger';

/**
 * Tags every log line of a request with its id, and writes one DEBUG line per request: route and
 * status only. Headers and bodies are never logged: they carry tokens and passwords.
 */
export function requestLog(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const done = (request: {
    event: APIGatewayProxyEventV2;
    response: APIGatewayProxyStructuredResultV2 | null;
  }) =>
    logger().debug('Request handled', {
      route: request.event.routeKey,
      status: request.response?.statusCode,
    });
  return {
    before: ({ event }) => {
      logger().appendKeys({ requestId: event.requestContext?.requestId });
    },
    after: done,
    // Registered before errorResponse, so this runs after it turned the error into a response.
    onError: done,
  };
}
