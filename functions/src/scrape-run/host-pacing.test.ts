import { describe, expect, it } from 'vitest';
import { waitTimestamp } from './host-pacing';

describe('waitTimestamp', () => {
  it('names the next whole second, as Step Functions reads a Wait state’s timestamp to the second', () => {
    expect(waitTimestamp(Date.parse('2026-03-02T10:00:05.001Z'))).toBe('2026-03-02T10:00:06Z');
    expect(waitTimestamp(Date.parse('2026-03-02T10:00:05.999Z'))).toBe('2026-03-02T10:00:06Z');
  });

  it('keeps a time already on the second', () => {
    expect(waitTimestamp(Date.parse('2026-03-02T10:00:05.000Z'))).toBe('2026-03-02T10:00:05Z');
  });
});
