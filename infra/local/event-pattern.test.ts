import { RUN_COMPLETED, RUN_EVENTS_SOURCE, runCompletedPattern } from '@cmp/functions/alerts/run-events';
import { describe, expect, it } from 'vitest';
import { matchesPattern } from './event-pattern';

const runCompleted = {
  version: '0',
  id: 'e-1',
  source: RUN_EVENTS_SOURCE,
  'detail-type': RUN_COMPLETED,
  account: '000000000000',
  time: '2026-11-26T10:00:00Z',
  region: 'eu-west-2',
  resources: [],
  detail: { run_id: 'run-1', status: 'completed', finished_at: '2026-11-26T10:00:00.000Z' },
};

describe('the local bus matches event patterns as EventBridge does', () => {
  it('sends a RunCompleted event from Check My Price to the alerts rule', () => {
    expect(matchesPattern(runCompletedPattern, runCompleted)).toBe(true);
  });

  it.each([
    ['another source', { ...runCompleted, source: 'aws.states' }],
    ['another detail type', { ...runCompleted, 'detail-type': 'RunStarted' }],
    ['no detail type', { source: RUN_EVENTS_SOURCE }],
    ['a source spelled differently', { ...runCompleted, source: 'check my price' }],
  ])('leaves out an event with %s', (_, event) => {
    expect(matchesPattern(runCompletedPattern, event)).toBe(false);
  });

  it('matches nested detail fields, and any of an array value', () => {
    const pattern = { detail: { status: ['failed', 'stopped'] }, resources: ['arn:x'] };
    expect(matchesPattern(pattern, { detail: { status: 'failed' }, resources: ['arn:y', 'arn:x'] })).toBe(
      true,
    );
    expect(matchesPattern(pattern, { detail: { status: 'completed' }, resources: ['arn:x'] })).toBe(false);
    expect(matchesPattern(pattern, { detail: 'failed', resources: ['arn:x'] })).toBe(false);
    expect(matchesPattern(pattern, { detail: { status: 'failed' }, resources: [] })).toBe(false);
  });

  it('refuses a content filter instead of matching it wrongly', () => {
    const pattern = { source: [{ prefix: 'Check' }] } as never;
    expect(() => matchesPattern(pattern, runCompleted)).toThrow(/content filters/);
  });
});
