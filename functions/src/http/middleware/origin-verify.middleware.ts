import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifyConfigSchema, perSettings, settingsSection } from '../../config';
import { secretReader } from '../../lib/secret';
import type { ApiContext } from '../api-context';
import { clientAddress } from '../client-address';
import { HttpError } from '../errors';

const originVerifySettings = settingsSection('origin verify', originVerifyConfigSchema);

/** The origin-verify secret's versions; none where nothing sits in front of the API (local stack, tests). */
const originVerifyReader = perSettings(() => {
  const config = originVerifySettings();
  return secretReader('origin-verify', {
    value: config.ORIGIN_VERIFY_SECRET,
    arn: config.ORIGIN_VERIFY_SECRET_ARN,
  });
});

/**
 * Sets `context.clientAddress`, and refuses (403) requests that bypassed CloudFront where the API
 * sits behind it: their `x-forwarded-for` could say anything, and login throttling trusts it.
 */
export function requireOrigin(): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const versions = await originVerifyReader()();
      const found = clientAddress({
        headers: event.headers,
        sourceIp: event.requestContext.http.sourceIp,
        // CloudFront keeps sending the previous value until the deploy that follows a rotation.
        originVerify: versions && [versions.current, versions.previous].flatMap((v) => (v ? [v.value] : [])),
      });
      if (found.refused) throw new HttpError(403, 'Use the application address');
      context.clientAddress = found.address;
    },
  };
}
