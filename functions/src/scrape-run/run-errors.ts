import { BEDROCK_THROTTLED, RUN_ALREADY_ACTIVE } from './state-machine';

/** Prepare found the lock held by a live run (the state machine ends quietly on it). */
export class RunAlreadyActiveError extends Error {
  override readonly name = RUN_ALREADY_ACTIVE;
  constructor() {
    super('Another price check is already running');
  }
}

/** Bedrock kept throttling: the state machine retries the URL later with backoff. */
export class BedrockThrottledError extends Error {
  override readonly name = BEDROCK_THROTTLED;
}
