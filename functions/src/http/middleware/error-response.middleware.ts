import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooLargeError,
  TooManyAttemptsError,
  UnauthenticatedError,
  UnsupportedFormatError,
} from '../../domain/errors';
import { logger } from '../../logger';
import { isExposedHttpError } from '../errors';
import { type ApiResult, toHttpResponse } from '../response';

type ErrorAnswer = Pick<ApiResult, 'status' | 'headers'>;

/** The one table from what went wrong in the domain to the HTTP answer; none for an unknown error. */
function answerFor(error: unknown): ErrorAnswer | undefined {
  if (error instanceof InvalidInputError) return { status: 400 };
  if (error instanceof UnauthenticatedError)
    return { status: 401, headers: { 'www-authenticate': 'Bearer' } };
  if (error instanceof ForbiddenError) return { status: 403 };
  if (error instanceof NotFoundError) return { status: 404 };
  if (error instanceof ConflictError) return { status: 409 };
  if (error instanceof TooLargeError) return { status: 413 };
  if (error instanceof UnsupportedFormatError) return { status: 415 };
  if (error instanceof TooManyAttemptsError) {
    return {
      status: 429,
      headers: { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) },
    };
  }
  // The edge's own errors and middy's keep the status they carry.
  if (isExposedHttpError(error)) return { status: error.statusCode };
  return undefined;
}

/**
 * The one place errors become responses: domain errors and the edge's own (and middy's) exposed
 * errors keep their message, anything unexpected becomes a generic 500 that is logged with the
 * request id.
 */
export function errorResponse(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      const { error } = request;
      const answer = answerFor(error);
      if (answer && error) {
        const fields = error instanceof DomainError ? error.fields : undefined;
        request.response = toHttpResponse({
          ...answer,
          body: { success: false, error: error.message, ...(fields ? { fields } : {}) },
        });
        return;
      }
      logger().error('Unhandled error', {
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
