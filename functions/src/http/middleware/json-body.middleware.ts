import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { InvalidInputError, UnsupportedFormatError } from '../../domain/errors';
import type { ApiContext } from '../api-context';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Parses a JSON request body into `context.body`; an empty body counts as `{}`. */
export function jsonBody(): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const raw = event.body
        ? event.isBase64Encoded
          ? Buffer.from(event.body, 'base64').toString('utf8')
          : event.body
        : '';
      if (raw.trim() === '') {
        context.body = {};
        return;
      }
      if (!JSON_TYPE.test(event.headers['content-type'] ?? '')) {
        throw new UnsupportedFormatError('Content-Type must be application/json');
      }
      try {
        context.body = JSON.parse(raw);
      } catch {
        throw new InvalidInputError('Request body is not valid JSON');
      }
    },
  };
}
