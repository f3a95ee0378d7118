import { afterAll } from 'vitest';
import type { LocalStackOptions } from '../../local/stack';
import { startTestStack, type TestStack } from './test-stack';

/**
 * A stack for the test file that awaits it as it loads (`const { stack, token } = await
 * signedInStack();`), stopped after the file's tests, with the admin signed in.
 */
export async function signedInStack(
  options: Omit<LocalStackOptions, 'port'> = {},
): Promise<{ stack: TestStack; token: string }> {
  const stack = await startTestStack(options);
  afterAll(() => stack.stop());
  return { stack, token: await stack.login() };
}
