import { CfnOutput, Fn, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Alerts } from './alerts.construct';
import { Api } from './api.construct';
import type { AppSettings } from './app-settings';
import { DISCOVERY_TIMEOUT_SECONDS, Discovery } from './discovery.construct';
import { ExchangeRates } from './exchange-rates.construct';
import { Imports } from './imports.construct';
import { ScrapeRun } from './scrape-run.construct';
import { Site } from './site.construct';

export interface StatelessStackProps extends StackProps {
  readonly table: ITable;
  readonly tokenSecret: ISecret;
  /** Sent by CloudFront to the API in `x-origin-verify`; the route functions check it. */
  readonly originVerifySecret: ISecret;
  /** The version of it CloudFront sends (a rotation's VersionId); null: none named (decision 52). */
  readonly originVerifyVersion: string | null;
  /** Name of the export that holds the SPA bucket's name. */
  readonly siteBucketExport: string;
  readonly logBucket: IBucket;
  /** Name of the export that holds the data bucket's name (run items and results, decision 66). */
  readonly dataBucketExport: string;
  readonly settings: AppSettings;
  readonly webDistDir: string;
}

/**
 * The API, its functions, the scrape-run state machine, the alerts and the CDN: nothing here holds
 * data, so it can be replaced at will.
 */
export class StatelessStack extends Stack {
  readonly scrapeRun: ScrapeRun;
  readonly discovery: Discovery;
  readonly api: Api;
  readonly alerts: Alerts;
  readonly exchangeRates: ExchangeRates;
  readonly imports: Imports;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { settings } = props;

    // The account's default bus: runs announce their end there (the alerts rule listens), uploads
    // queue their imports (the imports rule listens).
    const runEvents = EventBus.fromEventBusName(this, 'RunEvents', 'default');
    // The links in alerts point at the site (its custom domain, or the distribution's own name),
    // which is made last (it fronts the API).
    const appUrl = Lazy.string({ produce: () => `https://${this.site.domainName}` });
    const resources = {
      table: props.table,
      tokenSecret: props.tokenSecret,
      dataBucket: Bucket.fromBucketName(this, 'DataBucket', Fn.importValue(props.dataBucketExport)),
      bedrockModelId: settings.scrapeRun.bedrockModelId,
      runEvents,
      alertDelivery: { appUrl, ses: settings.ses },
    };
    // First, so the scraper route group can be granted control of its state machine.
    this.scrapeRun = new ScrapeRun(this, 'ScrapeRun', { resources, settings });
    const scrapeRun = {
      stateMachine: this.scrapeRun.stateMachine,
      timeoutSeconds: settings.scrapeRun.runTimeoutSeconds,
      scheduleRule: this.scrapeRun.scheduleRule,
    };
    this.discovery = new Discovery(this, 'Discovery', {
      resources,
      settings,
      statusChangeFunction: this.scrapeRun.statusChangeFunction,
    });
    this.api = new Api(this, 'Api', {
      resources: {
        ...resources,
        scrapeRun,
        discovery: { stateMachine: this.discovery.stateMachine, timeoutSeconds: DISCOVERY_TIMEOUT_SECONDS },
        originVerifySecret: props.originVerifySecret,
      },
      settings,
    });
    this.alerts = new Alerts(this, 'Alerts', { resources, settings, bus: runEvents });
    this.imports = new Imports(this, 'Imports', { resources, settings, bus: runEvents });
    this.exchangeRates = new ExchangeRates(this, 'ExchangeRates', { resources, settings });

    this.site = new Site(this, 'Site', {
      siteBucketExport: props.siteBucketExport,
      logBucket: props.logBucket,
      dataBucket: resources.dataBucket,
      httpApi: this.api.httpApi,
      originVerifySecret: props.originVerifySecret,
      originVerifyVersion: props.originVerifyVersion,
      webDistDir: props.webDistDir,
      siteConfig: { apiUrl: '/api', shopCurrency: settings.shopCurrency },
      customDomain: settings.customDomain,
    });

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${this.site.domainName}`,
      description: 'Open this to use Check My Price',
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: "CloudFront's own name: the target of a custom domain's CNAME or alias record",
    });
  }
}
