import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { scheduleProblem } from '@cmp/shared';
import { awsError, startAwsJsonServer } from './aws-json-server';
import { type EventPattern, matchesPattern } from './event-pattern';

/** An event as EventBridge hands it to a rule's target. */
export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

type Target = (event: BusEvent) => Promise<unknown>;

/** A schedule rule's settings: what CDK deploys, and what PutRule changes. */
export interface ScheduleRuleState {
  expression: string;
  enabled: boolean;
}

/** What the rules file keeps per rule: the state last deployed, and the rule's state now. */
type KeptRule = { deployed: ScheduleRuleState; live: ScheduleRuleState; description: string };

export interface LocalEventBus {
  endpoint: string;
  /** The bus entries must name (EVENT_BUS_NAME); entries without a name go to it too. */
  busName: string;
  /**
   * A rule: events matching `pattern` are handed to `target`, and handed again up to `retries` times
   * while it throws, as EventBridge and Lambda retry on AWS. Returns a function removing it.
   */
  addRule(pattern: EventPattern, target: Target, options?: { retries?: number }): () => void;
  /**
   * Deploys a schedule rule as CloudFormation does: `deployed` becomes its state only when it differs
   * from what was deployed last (a rule changed by PutRule since is otherwise kept). `onState` hears
   * its state now, and again after each PutRule; it is what arms the local scheduler.
   */
  deployScheduleRule(
    rule: { name: string; description: string } & ScheduleRuleState,
    onState: (state: ScheduleRuleState) => void,
  ): Promise<void>;
  /** Resolves when every event accepted so far has been handled by its targets (tests). */
  idle(): Promise<void>;
  /** Waits for the targets still running, then stops answering. */
  close(): Promise<void>;
}

const ACCOUNT = '000000000000';
/** PutEvents takes at most 10 entries; an entry's Detail must be a JSON object. */
const MAX_ENTRIES = 10;

/**
 * EventBridge's stand-in: answers PutEvents (AWS JSON 1.1) for the functions' real client, and
 * hands each accepted event to the targets of the rules it matches, in this process, after
 * answering (EventBridge invokes a Lambda target asynchronously too). A target that throws is tried
 * again up to its rule's retries, `retryDelayMs` times the try apart (on AWS a minute and more), then
 * logged: the dead-letter queue exists on AWS only. It also holds
 * the schedule rule (DescribeRule, PutRule), kept in `rulesFile` across restarts; the local
 * scheduler fires it.
 */
export async function startLocalEventBus(options: {
  region: string;
  busName?: string;
  /** Where schedule rules persist (a JSON file beside the data); undefined keeps them in memory. */
  rulesFile?: string;
  /** The wait before a target's next try, times the tries so far (default 1 s). */
  retryDelayMs?: number;
  log?: (line: string) => void;
}): Promise<LocalEventBus> {
  const busName = options.busName ?? 'default';
  const log = options.log ?? (() => undefined);
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const rules = new Set<{ pattern: EventPattern; target: Target; retries: number }>();
  const deliveries = new Set<Promise<unknown>>();
  const scheduleRules = new Map<string, KeptRule & { onState: (state: ScheduleRuleState) => void }>();
  const kept: Record<string, KeptRule> = options.rulesFile ? await readRules(options.rulesFile) : {};
  const saveRules = async () => {
    for (const [name, { deployed, live, description }] of scheduleRules)
      kept[name] = { deployed, live, description };
    if (options.rulesFile) await writeFile(options.rulesFile, JSON.stringify(kept, null, 2), { mode: 0o600 });
  };
  const ruleArn = (name: string) => `arn:aws:events:${options.region}:${ACCOUNT}:rule/${name}`;
  const scheduleRule = (body: Record<string, unknown>) => {
    const name = String(body.Name ?? '');
    const rule = scheduleRules.get(name);
    if (!rule) throw awsError('ResourceNotFoundException', `Rule ${name} does not exist.`);
    return { name, rule };
  };

  function describeRule(body: Record<string, unknown>) {
    const { name, rule } = scheduleRule(body);
    return {
      Name: name,
      Arn: ruleArn(name),
      ScheduleExpression: rule.live.expression,
      State: rule.live.enabled ? 'ENABLED' : 'DISABLED',
      ...(rule.description ? { Description: rule.description } : {}),
      EventBusName: busName,
    };
  }

  // Schedule rules only: event-pattern rules are this process's own (addRule), as CDK's are on AWS.
  async function putRule(body: Record<string, unknown>) {
    const { name, rule } = scheduleRule(body);
    if (body.EventPattern !== undefined)
      throw awsError('ValidationException', 'Only schedule rules can be changed locally');
    const expression = String(body.ScheduleExpression ?? '');
    if (scheduleProblem(expression) !== null)
      throw awsError('ValidationException', 'Parameter ScheduleExpression is not valid.');
    if (body.State !== undefined && body.State !== 'ENABLED' && body.State !== 'DISABLED')
      throw awsError('ValidationException', 'Parameter State is not valid.');
    // As on AWS, PutRule replaces the rule: a description left out is cleared.
    rule.live = { expression, enabled: body.State !== 'DISABLED' };
    rule.description = typeof body.Description === 'string' ? body.Description : '';
    await saveRules();
    rule.onState(rule.live);
    return { RuleArn: ruleArn(name) };
  }

  async function handOver(rule: { target: Target; retries: number }, event: BusEvent) {
    for (let tries = 1; ; tries++) {
      try {
        return await rule.target(event);
      } catch (error) {
        const tried = `${tries} ${tries === 1 ? 'try' : 'tries'}`;
        if (tries > rule.retries) {
          log(
            `A ${event['detail-type']} event's target failed after ${tried}: ${(error as Error)?.message ?? error}`,
          );
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * tries));
      }
    }
  }

  function deliver(event: BusEvent) {
    for (const rule of rules) {
      if (!matchesPattern(rule.pattern, event)) continue;
      const delivery = new Promise((resolve) => setImmediate(resolve))
        .then(() => handOver(rule, event))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
  }

  function putEvents(body: Record<string, unknown>) {
    const entries = body.Entries;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES)
      throw awsError('ValidationException', `Entries: 1 to ${MAX_ENTRIES} entries`);
    const accepted: BusEvent[] = [];
    const results = entries.map((entry: Record<string, unknown>) => {
      const problem = entryProblem(entry, busName);
      if (problem) return { ErrorCode: problem.code, ErrorMessage: problem.message };
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': String(entry.DetailType),
        source: String(entry.Source),
        account: ACCOUNT,
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: options.region,
        resources: Array.isArray(entry.Resources) ? entry.Resources.map(String) : [],
        detail: JSON.parse(String(entry.Detail)),
      };
      accepted.push(event);
      return { EventId: event.id };
    });
    for (const event of accepted) deliver(event);
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  const server = await startAwsJsonServer(
    { PutEvents: putEvents, DescribeRule: describeRule, PutRule: putRule },
    '1.1',
  );

  const idle = async () => {
    // A target may publish again (a run ending another): wait until nothing is left.
    while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
  };
  return {
    endpoint: server.endpoint,
    busName,
    addRule(pattern, target, { retries = 0 } = {}) {
      const rule = { pattern, target, retries };
      rules.add(rule);
      return () => rules.delete(rule);
    },
    async deployScheduleRule({ name, description, ...deployed }, onState) {
      const before = kept[name];
      // A rule kept from before a rule it breaks (rate(5 minutes) before the bounds) gives way too.
      const refused = before ? scheduleProblem(before.live.expression) : null;
      if (before && refused)
        log(
          `The schedule ${before.live.expression} kept in the rules file is refused (${refused}); using ${deployed.expression}`,
        );
      const changed =
        !before ||
        refused !== null ||
        before.deployed.expression !== deployed.expression ||
        before.deployed.enabled !== deployed.enabled;
      const rule = {
        deployed,
        live: changed ? deployed : before.live,
        description: changed ? description : before.description,
        onState,
      };
      scheduleRules.set(name, rule);
      if (changed) await saveRules();
      onState(rule.live);
    },
    idle,
    close: async () => {
      await idle();
      await server.close();
    },
  };
}

/** Why EventBridge would refuse one entry (it answers 200 and marks the entry failed). */
function entryProblem(
  entry: Record<string, unknown>,
  busName: string,
): { code: string; message: string } | null {
  const bus = entry.EventBusName;
  if (bus !== undefined && bus !== busName && !String(bus).endsWith(`:event-bus/${busName}`))
    return { code: 'ResourceNotFoundException', message: `Event bus ${String(bus)} does not exist.` };
  if (typeof entry.Source !== 'string' || entry.Source === '')
    return { code: 'InvalidArgument', message: 'Parameter Source is not valid.' };
  if (typeof entry.DetailType !== 'string' || entry.DetailType === '')
    return { code: 'InvalidArgument', message: 'Parameter DetailType is not valid.' };
  try {
    const detail: unknown = JSON.parse(String(entry.Detail));
    if (typeof detail === 'object' && detail !== null && !Array.isArray(detail)) return null;
  } catch {
    // Falls through to the same answer as a non-object.
  }
  return { code: 'MalformedDetail', message: 'Detail is malformed.' };
}

async function readRules(file: string): Promise<Record<string, KeptRule>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, KeptRule>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`The schedule rules in ${file} cannot be read: ${(error as Error).message}`);
  }
}
