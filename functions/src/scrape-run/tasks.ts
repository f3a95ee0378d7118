/**
 * The state machine's Task states and the Lambda behind each: the one list CDK creates functions
 * from (and substitutes into the definition) and the local runner maps onto in-process handlers.
 */
export interface TaskDef {
  /** Handler module relative to the functions workspace; it exports `handler`. */
  readonly entry: string;
  /**
   * `tableBatchRead` adds BatchGetItem to `table`; `runEvents` publishes a run's end (closeRun);
   * `runFilesWrite` and `runFilesRead` reach the run's items in the data bucket; `proxySecretsRead`
   * reads the competitor hosts' proxy passwords (infra/lib/bind-needs.ts).
   */
  readonly needs: readonly (
    | 'table'
    | 'tableBatchRead'
    | 'bedrock'
    | 'runEvents'
    | 'runFilesWrite'
    | 'runFilesRead'
    | 'proxySecretsRead'
  )[];
  /** How long one invocation may run. */
  readonly timeoutSeconds: number;
  /**
   * The function's memory, when not the tasks' 512 MB: Prepare and Finalize hold a whole run's URL
   * ids and read every URL of it (`npm run bench:finalize`: at 300,000 URLs Finalize takes under a
   * minute here and its heap grows by under 200 MB; 1,000,000 URLs is the run's limit).
   */
  readonly memoryMb?: number;
  /**
   * The function runs Chromium (the browser tier): on AWS it brings @sparticuz/chromium's, and has a
   * concurrency of its own (infra/lib/scrape-run.ts).
   */
  readonly browser?: true;
}

export const scrapeTasks = {
  // Ends a run whose lock it takes over.
  Prepare: {
    entry: 'src/scrape-run/tasks/prepare.task.ts',
    // Writes the run's items for the Map.
    needs: ['table', 'runEvents', 'runFilesWrite'],
    // Lists every URL's id and address: a million take a while.
    timeoutSeconds: 300,
    memoryMb: 1024,
  },
  // Competitors' product feeds (issue 32): each read once, the URLs they list recorded from them.
  ReadFeeds: {
    entry: 'src/scrape-run/tasks/read-feeds.task.ts',
    needs: ['table', 'runFilesRead', 'runFilesWrite', 'proxySecretsRead'],
    // Each feed up to 200 MB in 5 minutes; a few shops' feeds.
    timeoutSeconds: 900,
    memoryMb: 1024,
  },
  ScrapeUrl: {
    entry: 'src/scrape-run/tasks/scrape-url.task.ts',
    // A host's proxy password is read when its settings name a proxy.
    needs: ['table', 'bedrock', 'proxySecretsRead'],
    // The host's turns (at most 30 s in all, host-pacing.ts), robots.txt and the page within 20 s
    // each, then at most one model call with its retries.
    timeoutSeconds: 110,
  },
  // A page checked in the browser: its document paced as ScrapeUrl's (at most 30 s of turns), the
  // document (robots.txt mostly read already) and 30 s of rendering, then the model: ScrapeUrl's
  // time, so a child that renders fits Express's 5 minutes as one that does not.
  RenderUrl: {
    entry: 'src/scrape-run/tasks/render-url.task.ts',
    needs: ['table', 'bedrock', 'proxySecretsRead'],
    timeoutSeconds: 110,
    // Chromium's pages: at least 1,536 MB (issue 31); more memory is more CPU on Lambda.
    memoryMb: 2048,
    browser: true,
  },
  RecordFailure: {
    entry: 'src/scrape-run/tasks/record-failure.task.ts',
    needs: ['table'],
    timeoutSeconds: 10,
  },
  Finalize: {
    entry: 'src/scrape-run/tasks/finalize.task.ts',
    needs: ['table', 'tableBatchRead', 'runEvents', 'runFilesRead'],
    // Reads two items by key per URL of the run: about 50 s for 300,000 here (bench:finalize).
    timeoutSeconds: 600,
    memoryMb: 1024,
  },
} as const satisfies Record<string, TaskDef>;

export type ScrapeTaskName = keyof typeof scrapeTasks;

/** Marks runs whose execution failed, timed out or was aborted (EventBridge rule on AWS). */
export const statusChangeTask = {
  entry: 'src/scrape-run/tasks/status-change.task.ts',
  needs: ['table', 'runEvents'],
  timeoutSeconds: 30,
} as const satisfies TaskDef;

/** The definitionSubstitutions key holding a task's Lambda ARN. */
export const arnSubstitution = (task: string) => `${task}FunctionArn`;
