import { loadHandler } from '../../local/api-adapter';

/** One state-machine task's Lambda handler, called as Step Functions calls it. */
export type Task = (event: unknown) => Promise<Record<string, unknown>>;

/** Loads a task's handler module (`scrapeTasks[name].entry`) as the local runner does. */
export async function taskHandler(entry: string): Promise<Task> {
  const handler = await loadHandler(entry);
  return (event) => handler(event, {} as never);
}
