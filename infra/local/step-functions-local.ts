import { randomUUID } from 'node:crypto';
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

type TaskHandler = (event: unknown) => Promise<unknown>;
type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface Execution {
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
  stateMachineArn: string;
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
  /**
   * Loads a Task's Lambda handler, as deployed, when the Task first runs (as Lambda loads a
   * function's code): the functions' settings name this stand-in, so they come after it starts.
   */
  loadTask(task: ScrapeTaskName): Promise<TaskHandler>;
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
 * functions' real SFN client, and runs the same definition CDK deploys with aws-local-stepfunctions,
 * every Task state mapped to its Lambda handler in this process. The Distributed Map runs inline
 * here (aws-local-stepfunctions has no child executions), with the same MaxConcurrency; each of its
 * items (a batch of URLs) is a run of its own, so `$$.Execution.StartTime` is the batch's start,
 * as in an Express child. Its items are read from the S3 stand-in and batched by a Task put before
 * it (local-map-items.ts), as its ItemReader and ItemBatcher do on AWS.
 */
export async function startLocalStepFunctions(
  options: LocalStepFunctionsOptions,
): Promise<LocalStepFunctions> {
  const account = '000000000000';
  const stateMachineArn = `arn:aws:states:${options.region}:${account}:stateMachine:check-my-price-scrape`;
  const tasks = Object.keys(scrapeTasks) as ScrapeTaskName[];
  const arns = Object.fromEntries(
    tasks.map((task) => [
      task,
      `arn:aws:lambda:${options.region}:${account}:function:check-my-price-${task}`,
    ]),
  ) as Record<ScrapeTaskName, string>;
  const readerArn = `arn:aws:lambda:${options.region}:${account}:function:check-my-price-local-item-reader`;
  const { definition, readers } = withLocalItemReaders(
    JSON.parse(
      substitute(
        buildScrapeDefinition({
          maxConcurrency: options.maxConcurrency,
          timeoutSeconds: options.timeoutSeconds,
        }),
        arns,
      ),
    ),
    readerArn,
  );
  // The rewrite handles states as plain JSON; the library validates the definition it is given.
  const machine = new StateMachine(definition as unknown as StateMachineDefinition, {
    validationOptions: { checkArn: false },
  });
  const s3 = localS3Client(options.s3Endpoint, options.region);
  const readItems = (input: unknown) => readMapItems(s3, input as ReadItemsInput);
  const handlers = new Map<ScrapeTaskName, Promise<TaskHandler>>();
  const handlerOf = (task: ScrapeTaskName) => {
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

  function start(name: string, input: string): Execution {
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
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
      ...tasks.map((task) => [
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
    if (status === 'FAILED')
      log(`Scrape run ${execution.name} failed: ${(error as Error)?.message ?? error}`);
    if (execution.status !== 'SUCCEEDED') {
      await options
        .onStatusChange({ detail: { executionArn: execution.executionArn, status: execution.status } })
        .catch((e: unknown) => log(`Status-change handler failed: ${(e as Error).message}`));
    }
  }

  const operations: AwsJsonOperations = {
    StartExecution: (body) => {
      if (body.stateMachineArn !== stateMachineArn)
        throw awsError('StateMachineDoesNotExist', 'Unknown state machine');
      const name = typeof body.name === 'string' ? body.name : randomUUID();
      const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
      if (executions.has(executionArn))
        throw awsError('ExecutionAlreadyExists', `Execution ${name} already exists`);
      const execution = start(name, typeof body.input === 'string' ? body.input : '{}');
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
      const { executionArn, name, status, startDate, stopDate, input, output } = execution;
      return { executionArn, stateMachineArn, name, status, startDate, stopDate, input, output };
    },
  };

  const server = await startAwsJsonServer(operations, '1.0');

  return {
    endpoint: server.endpoint,
    stateMachineArn,
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
