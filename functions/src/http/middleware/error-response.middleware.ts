import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '../../logger';
import { HttpError, isExposedHttpError } from '../errors';
import { toHttpResponse } from '../response';

/**
 * The one place errors become responses: typed errors keep their status and message, anything
 * unexpected becomes a generic 500 that is logged with the request id.
 */
export function errorResponse(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      const { error } = request;
      if (isExposedHttpError(error)) {
        const headers = error instanceof HttpError ? error.headers : {};
        request.response = toHttpResponse({
          status: error.statusCode,
          body: { success: false, error: error.message },
          headers,
        });
        return;
      }
      logger.error('Unhandled error', {
        requestId: request.event.requestContext?.requestId,
        route: request.event.routeKey,
        error: error as Error,
      });
      request.response = toHttpResponse({
        status: 500,
        body: { success: false, error: 'Internal server error' },
      });
    },
  };
}
