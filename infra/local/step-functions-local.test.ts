import { describe, expect, it } from 'vitest';
import { failureOf } from './step-functions-local';

describe('failureOf: why a local execution failed, for its log line', () => {
  it('names the handler’s own error under the library’s wrapping, and where it was thrown', () => {
    const thrown = new TypeError('items is not iterable');
    const wrapped = new Error(`Execution has failed with the following error: ${thrown.message}`, {
      cause: thrown,
    });
    const line = failureOf(wrapped);
    expect(line).toMatch(
      /^Error: Execution has failed with the following error: items is not iterable, caused by TypeError: items is not iterable \(at .*step-functions-local\.test\.ts:\d+:\d+\)$/,
    );
  });

  it('says so when an error has no message, and gives what was thrown when it is not an Error', () => {
    expect(failureOf(Object.assign(new Error(''), { stack: undefined }))).toBe('Error: no message');
    expect(failureOf('States.Timeout')).toBe('States.Timeout');
  });
});
