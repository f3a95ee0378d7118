import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSecretsManager, startLocalSecretsManager } from '../../local/secrets-local';
import { ADMIN, startTestStack, type TestStack } from '../support/test-stack';

// The API as deployed: both secrets in Secrets Manager (a stand-in here), read again every second
// instead of every 5 minutes so a rotation shows quickly. The rotation procedure is docs/decisions.md
// decision 52: put-secret-value, then deploy so CloudFront sends the new origin-verify value.
const CACHE_SECONDS = 1;
const value = (name: string) => `${name}-0123456789abcdef0123456789abcdef`;

let secretsManager: LocalSecretsManager;
let stack: TestStack;
let originArn: string;
let tokenArn: string;
/** The signing key now current, for tokens made by hand. */
let currentKey = value('key-1');

beforeAll(async () => {
  secretsManager = await startLocalSecretsManager();
  originArn = secretsManager.create('origin-verify', value('origin-1'));
  tokenArn = secretsManager.create('token-signing', currentKey);
  stack = await startTestStack({
    env: {
      ORIGIN_VERIFY_SECRET_ARN: originArn,
      // The local stack's own key would win over the ARN.
      TOKEN_SECRET: '',
      TOKEN_SECRET_ARN: tokenArn,
      SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
      SECRET_CACHE_SECONDS: String(CACHE_SECONDS),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await secretsManager?.close();
});

/** put-secret-value on both secrets, then a wait until warm functions have read them again. */
async function rotate(round: number): Promise<{ keyId: string }> {
  secretsManager.put(originArn, value(`origin-${round}`));
  currentKey = value(`key-${round}`);
  const keyId = secretsManager.put(tokenArn, currentKey);
  await new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 100));
  return { keyId };
}

/** The status of GET /api/products as CloudFront would send it, with this origin-verify value. */
const productsStatus = async (origin: string, token: string) =>
  (await stack.api('GET /api/products', { token, headers: { 'x-origin-verify': origin } })).status;

async function signIn(origin: string): Promise<string> {
  const { status, body } = await stack.api('POST /api/auth/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
    headers: { 'x-origin-verify': origin },
  });
  expect(status).toBe(200);
  return body.token;
}

describe('rotating the secrets while the API serves', () => {
  it('accepts the previous origin-verify value and key until the next rotation, then only the newer ones', async () => {
    const firstToken = await signIn(value('origin-1'));
    expect(await productsStatus(value('origin-1'), firstToken)).toBe(200);

    // put-secret-value, before the deploy: CloudFront still sends the first value.
    const second = await rotate(2);
    expect(await productsStatus(value('origin-1'), firstToken)).toBe(200);
    // After the deploy it sends the new one; a token signed before the rotation still works.
    expect(await productsStatus(value('origin-2'), firstToken)).toBe(200);
    expect(await productsStatus(value('origin-x'), firstToken)).toBe(403);
    const secondToken = await signIn(value('origin-2'));
    expect(decodeProtectedHeader(secondToken).kid).toBe(second.keyId);
    expect(await productsStatus(value('origin-2'), secondToken)).toBe(200);

    // The next rotation drops the first value and the first key.
    await rotate(3);
    expect(await productsStatus(value('origin-1'), secondToken)).toBe(403);
    expect(await productsStatus(value('origin-2'), secondToken)).toBe(200);
    expect(await productsStatus(value('origin-3'), secondToken)).toBe(200);
    expect(await productsStatus(value('origin-3'), firstToken)).toBe(401);
  });

  it('refuses a token signed with the current key that names no key or an unknown one', async () => {
    const origin = value('origin-3');
    const issued = await signIn(origin);
    const { kid } = decodeProtectedHeader(issued);
    const { sid, sub } = JSON.parse(Buffer.from(issued.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const sign = (header: { kid?: string }) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
        .setSubject(sub)
        .setIssuer('check-my-price')
        .setAudience('check-my-price-web')
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
        .sign(new TextEncoder().encode(currentKey));
    // The same token with the kid our sign-in gives is accepted: the refusals come from the kid.
    expect(await productsStatus(origin, await sign({ kid: String(kid) }))).toBe(200);
    expect(await productsStatus(origin, await sign({}))).toBe(401);
    expect(await productsStatus(origin, await sign({ kid: 'not-a-key-version' }))).toBe(401);
  });
});
