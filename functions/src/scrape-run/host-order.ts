/**
 * A run's URLs taken round-robin over their hosts, each host's URLs in their own order: the checks
 * running at once then spread over the shops instead of queueing for one shop's turns (decision 37).
 *
 * @example interleaveByHost([a1, a2, a3, b1]) // [a1, b1, a2, a3]
 */
export function interleaveByHost<T extends { readonly url: string }>(items: readonly T[]): T[] {
  const byHost = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(item.url);
    const queue = byHost.get(host);
    if (queue) queue.push(item);
    else byHost.set(host, [item]);
  }
  const queues = [...byHost.values()];
  const ordered: T[] = [];
  for (let round = 0; ordered.length < items.length; round++)
    for (const queue of queues) {
      const item = queue[round];
      if (item) ordered.push(item);
    }
  return ordered;
}

/** A URL's host name ('' for one that does not parse). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return ''; // refused when it is fetched; its place in the order does not matter
  }
}
