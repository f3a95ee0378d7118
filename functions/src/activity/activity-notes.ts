import { AsyncLocalStorage } from 'node:async_hooks';
import { type ActivityChange, MAX_ACTIVITY_CHANGES } from '@cmp/shared';

/**
 * What a request changed, noted by the code that changes it (a product's price, in the repository
 * that writes it) without knowing about requests: the API keeps the notes of each change request
 * for its activity entry. Outside one (a scheduled run, an import job), noting does nothing.
 */
interface Notes {
  changes: ActivityChange[];
  more: number;
}

const current = new AsyncLocalStorage<Notes>();

export function noteChange(change: ActivityChange): void {
  const notes = current.getStore();
  if (!notes) return;
  if (notes.changes.length < MAX_ACTIVITY_CHANGES) notes.changes.push(change);
  else notes.more += 1;
}

/** Runs `work`, keeping what it notes. */
export async function collectingChanges<T>(work: () => Promise<T>): Promise<{ result: T } & Notes> {
  const notes: Notes = { changes: [], more: 0 };
  const result = await current.run(notes, work);
  return { result, ...notes };
}
