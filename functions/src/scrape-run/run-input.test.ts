import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { runInputSchema, scheduledRunInput } from './run-input';
import { taskInput } from './tasks/task-input';

/** Prepare's input as the definition hands it over: the execution's input as `request`. */
const prepareRequest = z.object({ request: runInputSchema });

describe('the input a run starts with', () => {
  it('is, from the schedule, what Prepare reads: nothing dropped, nothing filled in', () => {
    const sent = JSON.parse(JSON.stringify(scheduledRunInput()));

    expect(runInputSchema.strict().parse(sent)).toEqual(sent);
    expect(sent).toEqual({ triggeredBy: 'schedule' });
  });

  it('names the schedule as the trigger when it names none', () => {
    expect(runInputSchema.parse({}).triggeredBy).toBe('schedule');
  });

  it('refused, says which field', () => {
    expect(() => taskInput(prepareRequest, { request: { triggeredBy: 'cron' } }, 'Prepare')).toThrow(
      /^Prepare: unexpected input \(request\.triggeredBy: /,
    );
    expect(() => taskInput(prepareRequest, { request: { productId: 0 } }, 'Prepare')).toThrow(
      /^Prepare: unexpected input \(request\.productId: /,
    );
  });
});
