import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifyConfigSchema, readConfig } from '../../config';
import { clientAddress } from '../client-address';
import { HttpError } from '../errors';
import type { ApiContext } from '../http-handler';

const config = readConfig('origin verify', originVerifyConfigSchema);

let secret: Promise<string | null> | undefined;

/** The origin-verify secret: from the environment, from Secrets Manager on AWS (read once), or none. */
function originVerify(): Promise<string | null> {
  secret ??= (async () => {
    if (config.ORIGIN_VERIFY_SECRET) return config.ORIGIN_VERIFY_SECRET;
    if (!config.ORIGIN_VERIFY_SECRET_ARN) return null;
    const { SecretString } = await new SecretsManagerClient({}).send(
      new GetSecretValueCommand({ SecretId: config.ORIGIN_VERIFY_SECRET_ARN }),
    );
    if (!SecretString || SecretString.length < 32)
      throw new Error('The origin-verify secret is missing or too short');
    return SecretString;
  })();
  secret.catch(() => {
    secret = undefined;
  });
  return secret;
}

/**
 * Sets `context.clientAddress`, and refuses (403) requests that bypassed CloudFront where the API
 * sits behind it: their `x-forwarded-for` could say anything, and login throttling trusts it.
 */
export function requireOrigin(): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const found = clientAddress({
        headers: event.headers,
        sourceIp: event.requestContext.http.sourceIp,
        originVerify: await originVerify(),
      });
      if (found.refused) throw new HttpError(403, 'Use the application address');
      context.clientAddress = found.address;
    },
  };
}
