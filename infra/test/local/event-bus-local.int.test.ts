import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalEventBus, type ScheduleRuleState, startLocalEventBus } from '../../local/event-bus-local';

/** EventBridge's stand-in hands a failing target its event again, as EventBridge and Lambda do on AWS. */
let bus: LocalEventBus;
let client: EventBridgeClient;
const logged: string[] = [];

beforeAll(async () => {
  bus = await startLocalEventBus({ region: 'eu-west-2', retryDelayMs: 5, log: (line) => logged.push(line) });
  client = new EventBridgeClient({
    endpoint: bus.endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client.destroy();
  await bus.close();
});

/** Publishes one event of `type` and waits until every target is done with it, retries included. */
async function publish(type: string) {
  await client.send(new PutEventsCommand({ Entries: [{ Source: 'test', DetailType: type, Detail: '{}' }] }));
  await bus.idle();
}

/** A target that fails its first `failures` calls, counting every call. */
function failing(failures: number) {
  const target = async () => {
    target.calls++;
    if (target.calls <= failures) throw new Error(`failure ${target.calls}`);
  };
  target.calls = 0;
  return target;
}

describe('a rule’s target that throws', () => {
  it('is handed the event again up to the rule’s retries, and a success ends it quietly', async () => {
    const target = failing(2);
    bus.addRule({ source: ['test'], 'detail-type': ['Recovers'] }, target, { retries: 2 });

    await publish('Recovers');

    expect(target.calls).toBe(3);
    expect(logged).toEqual([]);
  });

  it('is given up on after its retries, and the failure logged once', async () => {
    const target = failing(Number.POSITIVE_INFINITY);
    bus.addRule({ source: ['test'], 'detail-type': ['Fails'] }, target, { retries: 1 });

    await publish('Fails');

    expect(target.calls).toBe(2);
    expect(logged).toEqual(["A Fails event's target failed after 2 tries: failure 2"]);
  });

  it('is not tried again when its rule has no retries', async () => {
    const target = failing(1);
    bus.addRule({ source: ['test'], 'detail-type': ['Once'] }, target);

    await publish('Once');

    expect(target.calls).toBe(1);
  });
});

describe('a schedule rule kept from an earlier start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cmp-rules-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives way to the deployed one when it fires more often than the bounds allow', async () => {
    const rulesFile = join(dir, 'schedule-rules.json');
    const deployed = { expression: 'cron(0 6 * * ? *)', enabled: true };
    writeFileSync(
      rulesFile,
      JSON.stringify({
        nightly: { deployed, live: { expression: 'cron(* * * * ? *)', enabled: true }, description: '' },
      }),
    );
    const lines: string[] = [];
    const kept = await startLocalEventBus({
      region: 'eu-west-2',
      rulesFile,
      log: (line) => lines.push(line),
    });
    const heard: ScheduleRuleState[] = [];
    try {
      await kept.deployScheduleRule({ name: 'nightly', description: '', ...deployed }, (state) =>
        heard.push(state),
      );
    } finally {
      await kept.close();
    }

    expect(heard).toEqual([deployed]);
    expect(lines).toEqual([
      expect.stringMatching(/cron\(\* \* \* \* \? \*\) kept in the rules file is refused/),
    ]);
  });
});
