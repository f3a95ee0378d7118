import { Duration } from 'aws-cdk-lib';
import { type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { importQueuedPattern, importQueuedTarget } from '../../functions/src/catalogue/csv/import-events';
import { appFunction } from './app-function';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';

export interface ImportsProps {
  readonly resources: NeedResources;
  readonly settings: AppSettings;
  /** The bus an upload queues its import on (`runEvents`). */
  readonly bus: IEventBus;
}

/** Lambda tries a failed import again (the job resumes where it stopped; decision 60). */
const RETRIES = importQueuedTarget.retries;
/** Someone is waiting on the dialog: an import not started within the hour is of no use. */
const MAX_EVENT_AGE = Duration.hours(1);

/**
 * CSV imports as jobs on AWS: the rule that hands each `ImportQueued` event to the import Lambda,
 * which applies the uploaded file in batches, far from the API's 15 s, and queues the job again
 * when the file takes more than one run (decision 70). A job whose function
 * failed three times ends as failed (the job says so), and one never started is reported as
 * stopped once it is older than the function may run.
 */
export class Imports extends Construct {
  readonly fn: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ImportsProps) {
    super(scope, id);
    this.fn = appFunction(this, 'Import', {
      description: 'Check My Price: applies an uploaded CSV import (products or competitor URLs) in batches',
      entry: importQueuedTarget.entry,
      // It holds a whole file (up to 500,000 rows, 50 MB) and the catalogue it compares it with
      // (100,000 products, 300,000 URLs): `npm run bench:import` reports the heap.
      memorySize: 2048,
      timeoutSeconds: importQueuedTarget.timeoutSeconds,
      settings: props.settings,
    });
    bindNeeds(this.fn, importQueuedTarget.needs, props.resources);
    this.fn.configureAsyncInvoke({ retryAttempts: RETRIES, maxEventAge: MAX_EVENT_AGE });

    this.rule = new Rule(this, 'ImportQueuedRule', {
      description: 'Check My Price: a CSV upload queued its import; the import function applies it',
      eventBus: props.bus,
      eventPattern: {
        source: [...importQueuedPattern.source],
        detailType: [...importQueuedPattern['detail-type']],
      },
      targets: [new LambdaFunction(this.fn, { retryAttempts: RETRIES, maxEventAge: MAX_EVENT_AGE })],
    });
  }
}
