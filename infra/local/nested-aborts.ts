import { StateMachine } from 'aws-local-stepfunctions';

type Run = StateMachine['run'];
type RunOptions = NonNullable<Parameters<Run>[1]> & { _rootAbortSignal?: AbortSignal };

let linked = false;

/**
 * aws-local-stepfunctions (3.0) ties each nested execution (a Map's iteration, and the iterations
 * inside it) to its parent's abort with `AbortSignal.any([own, parent])`. Node 22 keeps every such
 * signal in its sources' lists of dependants, and each one the garbage collector takes walks the
 * whole list; the Map keeps its iterations (their abort functions, and with them their signals)
 * until it ends. Over a 300,000-URL run the runner's thread spent a sixth of its time in that walk at
 * 60,000 URLs, and more as the run went on. Here a nested execution listens for its parent's abort
 * instead, and stops listening when it ends: the same abort, at a cost that does not grow.
 * Called once by the local runner (step-functions-local.ts); later calls do nothing.
 */
export function linkNestedAborts(): void {
  if (linked) return;
  linked = true;
  const run: Run = StateMachine.prototype.run;
  StateMachine.prototype.run = function (this: StateMachine, input, options?: RunOptions) {
    const parent = options?._rootAbortSignal;
    if (!parent) return run.call(this, input, options);
    const { _rootAbortSignal: _, ...own } = options;
    const execution = run.call(this, input, own);
    const abort = () => execution.abort();
    if (parent.aborted) abort();
    else {
      parent.addEventListener('abort', abort, { once: true });
      const stopListening = () => parent.removeEventListener('abort', abort);
      execution.result.then(stopListening, stopListening);
    }
    return execution;
  };
}
