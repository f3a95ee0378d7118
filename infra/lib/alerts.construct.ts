import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IAlarm, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { runCompletedPattern, runCompletedTarget } from '../../functions/src/alerts/run-events';
import { appFunction } from './app-function';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';
import { acknowledge } from './nag';

export interface AlertsProps {
  readonly resources: NeedResources;
  readonly settings: AppSettings;
  /** The bus runs publish their end on (`runEvents`). */
  readonly bus: IEventBus;
}

/** How often a run's end is handed over again when delivering it or handling it fails. */
const RETRIES = runCompletedTarget.retries;
/** A run's alerts are news for a few hours; after that nobody wants them. */
const MAX_EVENT_AGE = Duration.hours(6);

/**
 * Alerts on AWS: the rule that hands each `RunCompleted` event to the alerts Lambda, which compares
 * the run's positions and sends the digests. Events that could not be delivered, and runs whose
 * handling failed after its retries, land in a dead-letter queue, which raises an alarm.
 */
export class Alerts extends Construct {
  readonly fn: NodejsFunction;
  readonly rule: Rule;
  readonly deadLetters: Queue;
  readonly deadLettersAlarm: IAlarm;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    const { settings } = props;
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetters,
      'This queue is itself the dead-letter queue of the run-completed rule and of the alerts Lambda.',
      'AwsSolutions-SQS3',
    );

    this.fn = appFunction(this, 'Alerts', {
      description: "Check My Price alerts: a run's position changes, recorded and sent to each channel",
      entry: runCompletedTarget.entry,
      // It reads the whole dashboard (every product with its competitors), as the dashboard does.
      memorySize: 1024,
      timeoutSeconds: runCompletedTarget.timeoutSeconds,
      settings,
      environment: { SHOP_CURRENCY: settings.shopCurrency },
    });
    bindNeeds(this.fn, runCompletedTarget.needs, props.resources);
    // EventBridge invokes the function asynchronously: Lambda retries a failed run (handling one
    // twice sends nothing twice), then parks its event here.
    this.fn.configureAsyncInvoke({
      retryAttempts: RETRIES,
      maxEventAge: MAX_EVENT_AGE,
      onFailure: new SqsDestination(this.deadLetters),
    });

    this.rule = new Rule(this, 'RunCompletedRule', {
      description: 'Check My Price: a scrape run ended; its alerts go out',
      eventBus: props.bus,
      eventPattern: {
        source: [...runCompletedPattern.source],
        detailType: [...runCompletedPattern['detail-type']],
      },
      targets: [
        new LambdaFunction(this.fn, {
          deadLetterQueue: this.deadLetters,
          retryAttempts: RETRIES,
          maxEventAge: MAX_EVENT_AGE,
        }),
      ],
    });

    this.deadLettersAlarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription:
        "Check My Price: a run's alerts could not be handled (the alerts Lambda failed three times, or " +
        'EventBridge could not invoke it). Its log group says why; the message in the dead-letter queue ' +
        'holds the run id.',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
