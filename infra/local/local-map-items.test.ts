import { buildScrapeDefinition } from '@cmp/functions/scrape-run/state-machine';
import { describe, expect, it } from 'vitest';
import { emptyBatches, itemReaderState, LOCAL_ITEMS_PATH, withLocalItemReaders } from './local-map-items';

const READER_ARN = 'arn:aws:lambda:eu-west-2:000000000000:function:reader';

describe('the scrape definition as the local runner runs it', () => {
  const original = buildScrapeDefinition({ maxConcurrency: 20, timeoutSeconds: 3600 });
  const { definition, readers } = withLocalItemReaders(original, READER_ARN);
  const states = definition.States;

  it('reads the Map’s items in a Task before it, with what its ItemReader and ItemBatcher say', () => {
    expect(readers).toEqual([itemReaderState('ScrapeUrls')]);
    expect(states.ScrapeUrlsReadItems).toEqual({
      Type: 'Task',
      Resource: READER_ARN,
      Parameters: {
        resource: 'arn:aws:states:::s3:getObject',
        readerConfig: { InputType: 'JSONL' },
        object: { 'Bucket.$': '$.fetch.items.bucket', 'Key.$': '$.fetch.items.key' },
        batcher: { MaxItemsPerBatch: 10, BatchInput: { 'runId.$': '$.runId' } },
      },
      ResultPath: LOCAL_ITEMS_PATH,
      Next: 'ScrapeUrls',
    });
  });

  it('leads every way into the Map through that Task, and keeps the rest of the Map as it is', () => {
    expect(states.AnyPages?.Choices).toEqual([
      { Variable: '$.fetch.total', NumericGreaterThan: 0, Next: 'ScrapeUrlsReadItems' },
    ]);
    // Nothing else was renamed: Finalize is still reached from the Map and from the Choices.
    expect([
      states.ScrapeUrls?.Next,
      states.AnyPages?.Default,
      states.AnyUrls?.Default,
      states.AnyUrls?.Choices,
      states.Prepare?.Next,
    ]).toEqual([
      'Finalize',
      'Finalize',
      'Finalize',
      [{ Variable: '$.total', NumericGreaterThan: 0, Next: 'ReadFeeds' }],
      'AnyUrls',
    ]);
    const { ItemReader, ItemBatcher, ResultWriter, ...map } = original.States.ScrapeUrls;
    expect([ItemReader, ItemBatcher, ResultWriter].every(Boolean)).toBe(true);
    expect(states.ScrapeUrls).toEqual({ ...map, ItemsPath: LOCAL_ITEMS_PATH });
    expect(definition.StartAt).toBe('Prepare');
  });

  it('refuses a Map whose results it would have to write somewhere', () => {
    const keeping = structuredClone(original) as unknown as {
      StartAt: string;
      States: Record<string, Record<string, unknown>>;
    };
    (keeping.States.ScrapeUrls as Record<string, unknown>).ResultPath = '$.results';
    expect(() => withLocalItemReaders(keeping, READER_ARN)).toThrow(
      'Map ScrapeUrls: a ResultWriter is run locally only where ResultPath is null',
    );
  });
});

describe('a stopped execution’s batches', () => {
  it('are emptied in place, so a child not yet started checks nothing; other items are left alone', () => {
    const started = [{ urlId: 1 }, { urlId: 2 }];
    const batches = [
      { BatchInput: { runId: 'r' }, Items: started },
      { BatchInput: { runId: 'r' }, Items: [{ urlId: 3 }] },
    ];
    const taken = [...started];

    emptyBatches([...batches, { urlId: 9 }, null]);

    expect(batches.map((batch) => batch.Items)).toEqual([[], []]);
    expect(batches[0]?.BatchInput).toEqual({ runId: 'r' });
    // What a child already took from its batch is its own.
    expect(taken).toEqual([{ urlId: 1 }, { urlId: 2 }]);
  });
});
