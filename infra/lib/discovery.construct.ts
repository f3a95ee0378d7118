import type { Rule } from 'aws-cdk-lib/aws-events';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { discoveryConfigSchema } from '../../functions/src/discovery/discovery.config';
import { buildDiscoveryDefinition } from '../../functions/src/discovery/discovery-machine';
import { type DiscoveryTaskName, discoveryTasks } from '../../functions/src/discovery/discovery-tasks';
import type { AppSettings } from './app-settings';
import type { NeedResources } from './bind-needs';
import { abandonedExecutionsRule, taskStateMachine } from './task-state-machine';

export interface DiscoveryProps {
  readonly resources: Omit<NeedResources, 'scrapeRun'>;
  readonly settings: AppSettings;
  /** The scrape run's status-change handler: it ends discovery jobs whose execution failed too. */
  readonly statusChangeFunction: NodejsFunction;
}

/** A job's time limit (the settings' default: 20,000 pages of one shop at its pace take about 6 h). */
export const DISCOVERY_TIMEOUT_SECONDS = discoveryConfigSchema.parse({}).DISCOVERY_TIMEOUT_SECONDS;

/**
 * Discovery of competitors' products on AWS (issue 32): its state machine with a Lambda per task,
 * and the rule that hands its failed, timed-out and stopped executions to the status-change handler.
 */
export class Discovery extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<DiscoveryTaskName, NodejsFunction>>;
  readonly statusChangeRule: Rule;

  constructor(scope: Construct, id: string, props: DiscoveryProps) {
    super(scope, id);
    const built = taskStateMachine(this, {
      name: 'discovery',
      logGroupSuffix: 'discovery',
      tasks: discoveryTasks,
      definition: buildDiscoveryDefinition({ timeoutSeconds: DISCOVERY_TIMEOUT_SECONDS }),
      settings: props.settings,
      resources: props.resources,
    });
    this.stateMachine = built.stateMachine;
    this.taskFunctions = built.taskFunctions;
    props.statusChangeFunction.addEnvironment(
      'DISCOVERY_STATE_MACHINE_ARN',
      this.stateMachine.stateMachineArn,
    );
    this.statusChangeRule = abandonedExecutionsRule(
      this,
      this.stateMachine,
      props.statusChangeFunction,
      'Check My Price: a discovery job execution ended without MatchDiscovery',
    );
  }
}
