import type { TaskDef } from '../scrape-run/tasks';

/**
 * The discovery state machine's Task states and the Lambda behind each (issue 32): the one list CDK
 * creates functions from and the local runner maps onto in-process handlers, as scrapeTasks is.
 */
export const discoveryTasks = {
  // Lists the sitemaps' pages (one job reads up to a million) and reads the feeds (up to 200 MB).
  PrepareDiscovery: {
    entry: 'src/discovery/tasks/prepare-discovery.task.ts',
    needs: ['table', 'runFilesWrite', 'proxySecretsRead'],
    timeoutSeconds: 900,
    memoryMb: 1024,
  },
  // One page, paced per host as a check is: the host's turns (30 s at most) and the page (20 s).
  ReadPage: {
    entry: 'src/discovery/tasks/read-page.task.ts',
    needs: ['table', 'proxySecretsRead'],
    timeoutSeconds: 60,
  },
  // One page in the browser, for hosts whose pages are rendered (issue 31).
  RenderPage: {
    entry: 'src/discovery/tasks/render-page.task.ts',
    needs: ['table', 'proxySecretsRead'],
    timeoutSeconds: 90,
    memoryMb: 2048,
    browser: true,
  },
  // Matches the competitor's products found against the whole catalogue (bench:match: 100,000 ×
  // 50,000 in a few seconds).
  MatchDiscovery: {
    entry: 'src/discovery/tasks/match-discovery.task.ts',
    needs: ['table'],
    timeoutSeconds: 300,
    memoryMb: 2048,
  },
} as const satisfies Record<string, TaskDef>;

export type DiscoveryTaskName = keyof typeof discoveryTasks;
