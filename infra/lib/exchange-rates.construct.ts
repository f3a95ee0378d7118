import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { ecbRatesTarget } from '../../functions/src/pricing/ecb-rates-target';
import { appFunction } from './app-function';
import type { AppSettings } from './app-settings';
import { bindNeeds, type NeedResources } from './bind-needs';

export interface ExchangeRatesProps {
  readonly resources: NeedResources;
  readonly settings: AppSettings;
}

/**
 * The daily exchange rates on AWS (issue 33): a schedule that runs the function reading the ECB's
 * reference rates (its one outside address) into the table. A day it fails leaves the days before
 * in use for a week (MAX_RATE_AGE_DAYS); the comparison says when a rate is too old.
 */
export class ExchangeRates extends Construct {
  readonly fn: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ExchangeRatesProps) {
    super(scope, id);
    this.fn = appFunction(this, 'EcbRates', {
      description: "Check My Price exchange rates: the ECB's daily reference rates, kept for the comparison",
      entry: ecbRatesTarget.entry,
      memorySize: 256,
      timeoutSeconds: ecbRatesTarget.timeoutSeconds,
      settings: props.settings,
      environment: { SHOP_CURRENCY: props.settings.shopCurrency },
    });
    bindNeeds(this.fn, ecbRatesTarget.needs, props.resources);
    this.rule = new Rule(this, 'DailyRule', {
      description: "Check My Price: read the ECB's reference rates of the day",
      schedule: Schedule.cron(ecbRatesTarget.schedule),
      targets: [new LambdaFunction(this.fn, { retryAttempts: ecbRatesTarget.retries })],
    });
  }
}
