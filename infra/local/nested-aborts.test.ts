import { getEventListeners } from 'node:events';
import { ExecutionAbortedError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { linkNestedAborts } from './nested-aborts';

linkNestedAborts();

/** One Task whose handler the test holds open. */
function machineWaitingOn(task: Promise<unknown>) {
  const definition = {
    StartAt: 'Work',
    States: {
      Work: { Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:123456789012:function:work', End: true },
    },
  } as unknown as StateMachineDefinition;
  const machine = new StateMachine(definition, { validationOptions: { checkArn: false } });
  return (parent: AbortSignal) =>
    // As the library runs a Map's iteration: with its parent's signal as the root.
    machine.run({}, {
      overrides: { taskResourceLocalHandlers: { Work: () => task as Promise<never> } },
      _rootAbortSignal: parent,
    } as Parameters<StateMachine['run']>[1]);
}

describe('a nested execution under linkNestedAborts', () => {
  it('is aborted with its parent', async () => {
    const parent = new AbortController();
    const execution = machineWaitingOn(new Promise(() => undefined))(parent.signal);

    parent.abort();

    await expect(execution.result).rejects.toBeInstanceOf(ExecutionAbortedError);
  });

  it('listens to its parent only while it runs', async () => {
    const parent = new AbortController();
    let finish: (value: unknown) => void = () => undefined;
    const execution = machineWaitingOn(new Promise((resolve) => (finish = resolve)))(parent.signal);
    const whileRunning = getEventListeners(parent.signal, 'abort').length;

    finish({ done: true });
    await execution.result;
    await Promise.resolve();

    expect(whileRunning).toBe(1);
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });

  it('is aborted at once under a parent already aborted', async () => {
    const parent = new AbortController();
    parent.abort();

    await expect(machineWaitingOn(new Promise(() => undefined))(parent.signal).result).rejects.toBeInstanceOf(
      ExecutionAbortedError,
    );
  });
});
