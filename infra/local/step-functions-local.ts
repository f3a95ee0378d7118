import { randomUUID } from 'node:crypto';
import { buildDiscoveryDefinition } from '@cmp/functions/discovery/discovery-machine';
import { type DiscoveryTaskName, discoveryTasks } from '@cmp/functions/discovery/discovery-tasks';
import { buildScrapeDefinition, substitute } from '@cmp/functions/scrape-run/state-machine';
import { type ScrapeTaskName, scrapeTasks } from '@cmp/functions/scrape-run/tasks';
import {
  ExecutionAbortedError,
  ExecutionTimeoutError,
  StateMachine,
  type StateMachineDefinition,
} from 'aws-local-stepfunctions';
import { type AwsJsonOperations, awsError, startAwsJsonServer } from './aws-json-server';
import {
  emptyBatches,
  localS3Client,
  type ReadItemsInput,
  readMapItems,
  withLocalItemReaders,
} from './local-map-items';
import { linkNestedAborts } from './nested-aborts';

type TaskHandler = (event: unknown) => Promise<unknown>;
type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** A Task of either state machine: their names differ. */
export type LocalTaskName = ScrapeTaskName | DiscoveryTaskName;

interface Execution {
  stateMachineArn: string;
  executionArn: string;
  name: string;
  input: string;
  status: ExecutionStatus;
  startDate: number;
  stopDate?: number;
  output?: string;
  abort(): void;
  done: Promise<void>;
}

export interface LocalStepFunctions {
  endpoint: string;
  /** The scrape run's state machine. */
  stateMachineArn: string;
  /** The discovery job's (issue 32). */
  discoveryStateMachineArn: string;
  /**
   * Resolves when every execution started so far has ended, and every task call has returned (a
   * check in flight when its run was stopped may still be waiting for its shop's turn) (tests).
   */
  idle(): Promise<void>;
  /** Whether this stand-in started the execution (executions live only as long as the process). */
  knows(executionArn: string): boolean;
  /** Aborts running executions and waits until the status-change handler has closed their runs. */
  close(): Promise<void>;
}

export interface LocalStepFunctionsOptions {
  region: string;
  maxConcurrency: number;
  timeoutSeconds: number;
  discoveryTimeoutSeconds: number;
  /**
   * Loads a Task's Lambda handler, as deployed, when the Task first runs (as Lambda loads a
   * function's code): the functions' settings name this stand-in, so they come after it starts.
   */
  loadTask(task: LocalTaskName): Promise<TaskHandler>;
  /** The S3 stand-in the Maps' ItemReaders read from. */
  s3Endpoint: string;
  /** Wait this long before every retry instead of the definition's backoff (tests). */
  retryIntervalMs?: number;
  /** The status-change handler EventBridge would call for failed, timed-out and aborted executions. */
  onStatusChange(event: { detail: { executionArn: string; status: string } }): Promise<unknown>;
  log?: (line: string) => void;
}

/**
 * Step Functions' stand-in: answers StartExecution, StopExecution and DescribeExecution for the
 * functions' real SFN client, and runs the same definitions CDK deploys (the scrape run's and the
 * discovery job's) with aws-local-stepfunctions,
 * every Task state mapped to its Lambda handler in this process. The Distributed Map runs inline
 * here (aws-local-stepfunctions has no child executions), with the same MaxConcurrency; each of its
 * items (a batch of URLs) is a run of its own, so `$$.Execution.StartTime` is the batch's start,
 * as in an Express child. Its items are read from the S3 stand-in and batched by a Task put before
 * it (local-map-items.ts), as its ItemReader and ItemBatcher do on AWS.
 */
export async function startLocalStepFunctions(
  options: LocalStepFunctionsOptions,
): Promise<LocalStepFunctions> {
  linkNestedAborts();
  const account = '000000000000';
  const lambdaArn = (task: string) =>
    `arn:aws:lambda:${options.region}:${account}:function:check-my-price-${task}`;
  const readerArn = lambdaArn('local-item-reader');
  const localMachine = (name: string, definition: unknown, tasks: readonly LocalTaskName[]) => {
    const arns = Object.fromEntries(tasks.map((task) => [task, lambdaArn(task)]));
    const { definition: local, readers } = withLocalItemReaders(
      JSON.parse(substitute(definition, arns)),
      readerArn,
    );
    return {
      arn: `arn:aws:states:${options.region}:${account}:stateMachine:${name}`,
      // The rewrite handles states as plain JSON; the library validates the definition it is given.
      machine: new StateMachine(local as unknown as StateMachineDefinition, {
        validationOptions: { checkArn: false },
      }),
      readers,
      tasks,
    };
  };
  const scrape = localMachine(
    'check-my-price-scrape',
    buildScrapeDefinition({ maxConcurrency: options.maxConcurrency, timeoutSeconds: options.timeoutSeconds }),
    Object.keys(scrapeTasks) as ScrapeTaskName[],
  );
  const discovery = localMachine(
    'check-my-price-discovery',
    buildDiscoveryDefinition({ timeoutSeconds: options.discoveryTimeoutSeconds }),
    Object.keys(discoveryTasks) as DiscoveryTaskName[],
  );
  const machines = new Map([scrape, discovery].map((m) => [m.arn, m]));
  const tasks: LocalTaskName[] = [...scrape.tasks, ...discovery.tasks];
  const s3 = localS3Client(options.s3Endpoint, options.region);
  const readItems = (input: unknown) => readMapItems(s3, input as ReadItemsInput);
  const handlers = new Map<LocalTaskName, Promise<TaskHandler>>();
  const handlerOf = (task: LocalTaskName) => {
    const loaded = handlers.get(task) ?? options.loadTask(task);
    handlers.set(task, loaded);
    return loaded;
  };
  // Task states are named after their tasks.
  const { retryIntervalMs } = options;
  const retryIntervalOverrides =
    retryIntervalMs === undefined
      ? undefined
      : Object.fromEntries(tasks.map((task) => [task, retryIntervalMs]));
  const executions = new Map<string, Execution>();
  const taskCalls = new Set<Promise<unknown>>();
  const log = options.log ?? (() => undefined);

  function start(local: typeof scrape, name: string, input: string): Execution {
    const { machine, readers } = local;
    const executionArn = `${local.arn.replace(':stateMachine:', ':execution:')}:${name}`;
    let aborted = false;
    // Abort does not stop queued Map items or tasks in flight here; refusing them makes stop real,
    // and emptying the batches not yet started keeps thousands of them from running through their
    // states at once (on AWS a stopped execution starts no more children).
    const itemsRead: unknown[][] = [];
    const readAndKeep = async (input: unknown) => {
      const items = await readItems(input);
      itemsRead.push(items);
      return items;
    };
    const taskResourceLocalHandlers = Object.fromEntries([
      ...readers.map((reader) => [reader, readAndKeep]),
      ...local.tasks.map((task) => [
        task,
        async (taskInput: unknown) => {
          if (aborted)
            throw Object.assign(new Error('The execution was stopped'), { name: 'ExecutionStopped' });
          const call = handlerOf(task).then((handler) => handler(taskInput));
          taskCalls.add(call);
          try {
            return (await call) as never;
          } finally {
            taskCalls.delete(call);
          }
        },
      ]),
    ]);
    const run = machine.run(JSON.parse(input), {
      overrides: { taskResourceLocalHandlers, ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}) },
      context: {
        Execution: {
          Id: executionArn,
          Name: name,
          StartTime: new Date().toISOString(),
          Input: JSON.parse(input),
        },
      },
    });
    const execution: Execution = {
      stateMachineArn: local.arn,
      executionArn,
      name,
      input,
      status: 'RUNNING',
      startDate: Date.now() / 1000,
      abort: () => {
        aborted = true;
        for (const items of itemsRead) emptyBatches(items);
        run.abort();
      },
      done: Promise.resolve(),
    };
    execution.done = run.result.then(
      (output) => finish(execution, 'SUCCEEDED', JSON.stringify(output)),
      (error: unknown) =>
        finish(
          execution,
          error instanceof ExecutionAbortedError
            ? 'ABORTED'
            : error instanceof ExecutionTimeoutError
              ? 'TIMED_OUT'
              : 'FAILED',
          undefined,
          error,
        ),
    );
    return execution;
  }

  async function finish(execution: Execution, status: ExecutionStatus, output?: string, error?: unknown) {
    if (execution.status === 'RUNNING') execution.status = status;
    execution.stopDate ??= Date.now() / 1000;
    if (output !== undefined) execution.output = output;
    if (status === 'FAILED') log(`Execution ${execution.name} failed: ${failureOf(error)}`);
    if (execution.status !== 'SUCCEEDED') {
      await options
        .onStatusChange({ detail: { executionArn: execution.executionArn, status: execution.status } })
        .catch((e: unknown) => log(`Status-change handler failed: ${(e as Error).message}`));
    }
  }

  const operations: AwsJsonOperations = {
    StartExecution: (body) => {
      const local = machines.get(String(body.stateMachineArn));
      if (!local) throw awsError('StateMachineDoesNotExist', 'Unknown state machine');
      const name = typeof body.name === 'string' ? body.name : randomUUID();
      const executionArn = `${local.arn.replace(':stateMachine:', ':execution:')}:${name}`;
      if (executions.has(executionArn))
        throw awsError('ExecutionAlreadyExists', `Execution ${name} already exists`);
      const execution = start(local, name, typeof body.input === 'string' ? body.input : '{}');
      executions.set(executionArn, execution);
      return { executionArn, startDate: execution.startDate };
    },
    StopExecution: (body) => {
      const execution = executions.get(String(body.executionArn));
      if (!execution) throw awsError('ExecutionDoesNotExist', 'Execution does not exist');
      if (execution.status === 'RUNNING') {
        execution.status = 'ABORTED';
        execution.stopDate = Date.now() / 1000;
        execution.abort();
      }
      return { stopDate: execution.stopDate };
    },
    DescribeExecution: (body) => {
      const execution = executions.get(String(body.executionArn));
      if (!execution) throw awsError('ExecutionDoesNotExist', 'Execution does not exist');
      const { stateMachineArn, executionArn, name, status, startDate, stopDate, input, output } = execution;
      return { executionArn, stateMachineArn, name, status, startDate, stopDate, input, output };
    },
  };

  const server = await startAwsJsonServer(operations, '1.0');

  return {
    endpoint: server.endpoint,
    stateMachineArn: scrape.arn,
    discoveryStateMachineArn: discovery.arn,
    idle: async () => {
      await Promise.all([...executions.values()].map((e) => e.done));
      await Promise.allSettled([...taskCalls]);
    },
    knows: (executionArn) => executions.has(executionArn),
    close: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      // `done` includes the status-change handling, which must reach the table before it closes.
      await Promise.all([...executions.values()].map((execution) => execution.done));
      await server.close();
    },
  };
}

/**
 * Why an execution failed, as Step Functions gives it (error, then cause): the library wraps a
 * Task's error, so the handler's own error is its cause, and a message alone can be empty.
 */
export function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.cause !== undefined)
    return `${error.name}: ${error.message}, caused by ${failureOf(error.cause)}`;
  // The innermost error says where it was thrown.
  const at = error.stack?.split('\n').find((line) => line.trim().startsWith('at '));
  return `${error.name}: ${error.message || 'no message'}${at ? ` (${at.trim()})` : ''}`;
}
