import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * aws-local-stepfunctions (3.0) runs a Map over `ItemsPath` only: it has neither ItemReader nor
 * ItemBatcher. This runs the same definition by putting, before each Map that reads its items from
 * S3, a Task that does what Step Functions does there: reads the object, one item per JSON line,
 * and batches them as `{ BatchInput, Items }`. The Map then iterates what that Task left in the
 * state. Its children see the input they get on AWS (decision 66). A ResultWriter is left out:
 * the Map's results are dropped (ResultPath null), so where they would have been written is moot.
 */

/** Where the reading Task leaves the items for its Map, beside the Map's own input. */
export const LOCAL_ITEMS_PATH = '$.localMapItems';

type States = Record<string, Record<string, unknown>>;
interface Definition {
  StartAt: string;
  States: States;
}

/** The reading Task of the Map named `map`. */
export const itemReaderState = (map: string) => `${map}ReadItems`;

/**
 * The definition with a reading Task before each Map with an ItemReader (every transition to the
 * Map now leads to it), and the names of those Tasks. `resource` is the ARN the Tasks carry, which
 * the runner maps to `readMapItems`.
 */
export function withLocalItemReaders(
  definition: Definition,
  resource: string,
): { definition: Definition; readers: string[] } {
  const readers: string[] = [];
  const states: States = {};
  const renamed = new Map<string, string>();
  for (const [name, state] of Object.entries(definition.States)) {
    if (state.Type !== 'Map' || !state.ItemReader) {
      states[name] = state;
      continue;
    }
    const { ItemReader, ItemBatcher, ResultWriter, ...map } = state as {
      ItemReader: { Resource: string; ReaderConfig?: unknown; Parameters: unknown };
      ItemBatcher?: unknown;
      ResultWriter?: unknown;
    } & Record<string, unknown>;
    // Results written to S3 are not run here: only a Map whose results are dropped runs the same.
    if (ResultWriter && map.ResultPath !== null)
      throw new Error(`Map ${name}: a ResultWriter is run locally only where ResultPath is null`);
    const reader = itemReaderState(name);
    readers.push(reader);
    renamed.set(name, reader);
    states[reader] = {
      Type: 'Task',
      Resource: resource,
      Parameters: {
        resource: ItemReader.Resource,
        readerConfig: ItemReader.ReaderConfig ?? {},
        object: ItemReader.Parameters,
        ...(ItemBatcher ? { batcher: ItemBatcher } : {}),
      },
      ResultPath: LOCAL_ITEMS_PATH,
      Next: name,
    };
    states[name] = { ...map, ItemsPath: LOCAL_ITEMS_PATH };
  }
  const to = (next: unknown) => (typeof next === 'string' ? (renamed.get(next) ?? next) : next);
  for (const [name, state] of Object.entries(states)) {
    if (readers.includes(name)) continue;
    states[name] = {
      ...state,
      ...('Next' in state ? { Next: to(state.Next) } : {}),
      ...('Default' in state ? { Default: to(state.Default) } : {}),
      ...(Array.isArray(state.Choices)
        ? { Choices: state.Choices.map((c: Record<string, unknown>) => ({ ...c, Next: to(c.Next) })) }
        : {}),
      ...(Array.isArray(state.Catch)
        ? { Catch: state.Catch.map((c: Record<string, unknown>) => ({ ...c, Next: to(c.Next) })) }
        : {}),
    };
  }
  return { definition: { ...definition, StartAt: String(to(definition.StartAt)), States: states }, readers };
}

export interface ReadItemsInput {
  resource: string;
  readerConfig: { InputType?: string };
  object: { Bucket: string; Key: string };
  /** BatchInput comes resolved: the Task's Parameters resolve its `.$` paths as the Map would. */
  batcher?: { MaxItemsPerBatch?: number; BatchInput?: unknown };
}

/** What the Map's ItemReader and ItemBatcher would hand its children, read through `s3`. */
export async function readMapItems(s3: S3Client, input: ReadItemsInput): Promise<unknown[]> {
  if (input.resource !== 'arn:aws:states:::s3:getObject')
    throw new Error(`ItemReader ${input.resource} is not run locally (only s3:getObject)`);
  if (input.readerConfig.InputType !== 'JSONL')
    throw new Error(`ItemReader InputType ${input.readerConfig.InputType} is not run locally (only JSONL)`);
  const answer = await s3.send(new GetObjectCommand({ Bucket: input.object.Bucket, Key: input.object.Key }));
  const text = (await answer.Body?.transformToString('utf8')) ?? '';
  const items = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
  const size = input.batcher?.MaxItemsPerBatch;
  if (!input.batcher || size === undefined) return items;
  const batches: unknown[] = [];
  for (let at = 0; at < items.length; at += size)
    batches.push({
      ...(input.batcher.BatchInput === undefined ? {} : { BatchInput: input.batcher.BatchInput }),
      Items: items.slice(at, at + size),
    });
  return batches;
}

/**
 * Empties batches in place: a child that has not started yet then checks nothing. A started child
 * keeps the items it read.
 */
export function emptyBatches(batches: readonly unknown[]): void {
  for (const batch of batches)
    if (batch && typeof batch === 'object' && Array.isArray((batch as { Items?: unknown }).Items))
      (batch as { Items: unknown[] }).Items.length = 0;
}

/** An S3 client for the stand-in at `endpoint` (path-style, any credentials). */
export const localS3Client = (endpoint: string, region: string) =>
  new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
