import { describe, expect, it } from 'vitest';
import { buildDiscoveryDefinition } from '../../functions/src/discovery/discovery-machine';
import { type DiscoveryTaskName, discoveryTasks } from '../../functions/src/discovery/discovery-tasks';
import { arnSubstitution } from '../../functions/src/scrape-run/tasks';
import { DISCOVERY_TIMEOUT_SECONDS } from '../lib/discovery.construct';
import {
  actionsOf,
  type Json,
  logicalIdOf,
  resourceOf,
  scrapeRunApps,
  statementsOfFunction,
} from './support/scrape-run-template';

/** The discovery job's state machine (issue 32) and its task functions, as synthesized. */
const { main } = scrapeRunApps();
const { discovery } = main.stateless;
const machine = () => resourceOf(main, logicalIdOf(main.stateless, discovery.stateMachine));
const functionId = (task: DiscoveryTaskName) => logicalIdOf(main.stateless, discovery.taskFunctions[task]);
const tasks = Object.keys(discoveryTasks) as DiscoveryTaskName[];

describe('the discovery state machine', () => {
  it('is the definition builder’s output, each Task filled with its own function', () => {
    const { Properties } = machine();
    expect(JSON.parse(Properties.DefinitionString)).toEqual(
      buildDiscoveryDefinition({ timeoutSeconds: DISCOVERY_TIMEOUT_SECONDS }),
    );
    expect(Properties.DefinitionSubstitutions).toEqual(
      Object.fromEntries(
        tasks.map((task) => [arnSubstitution(task), { 'Fn::GetAtt': [functionId(task), 'Arn'] }]),
      ),
    );
  });

  it('reads the pages in Express children from the run files, a few at a time for the one shop', () => {
    const { ReadPages } = JSON.parse(machine().Properties.DefinitionString).States;
    expect(ReadPages).toMatchObject({
      ItemReader: { Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: { InputType: 'JSONL' } },
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' } },
    });
    expect(
      ReadPages.MaxConcurrency * ReadPages.ItemProcessor.States.ReadBatch.MaxConcurrency,
    ).toBeLessThanOrEqual(4);
  });

  it('has one Lambda per task with its timeout; RenderPage brings Chromium (x86_64) with a concurrency of its own', () => {
    for (const task of tasks) {
      const { Properties } = resourceOf(main, functionId(task));
      expect(Properties).toMatchObject({
        Timeout: discoveryTasks[task].timeoutSeconds,
        Architectures: [task === 'RenderPage' ? 'x86_64' : 'arm64'],
      });
      expect(Properties.ReservedConcurrentExecutions !== undefined, task).toBe(task === 'RenderPage');
    }
  });

  it('grants its tasks the table and only the run files they write; none may start executions', () => {
    const s3Actions = (task: DiscoveryTaskName) =>
      statementsOfFunction(main, functionId(task))
        .flatMap((s: Json) => actionsOf(s))
        .filter((a: string) => a.startsWith('s3:') || a.startsWith('states:'));
    expect(s3Actions('PrepareDiscovery')).toEqual(['s3:PutObject']);
    for (const task of ['ReadPage', 'RenderPage', 'MatchDiscovery'] as const)
      expect(s3Actions(task), task).toEqual([]);
  });
});
