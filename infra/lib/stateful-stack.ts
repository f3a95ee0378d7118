import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/src/data/table';
import {
  EXPORT_FILES_DAYS,
  EXPORT_FILES_PREFIX,
  RUN_FILES_DAYS,
  RUN_FILES_PREFIX,
  UPLOAD_FILES_DAYS,
  UPLOAD_FILES_PREFIX,
} from '../../functions/src/lib/data-bucket';
import { acknowledge } from './nag';

/**
 * Everything that holds data: the table, the token-signing key, the origin-verify secret and the buckets. Kept apart from
 * the stateless stack so the API and the CDN can be replaced freely without touching data.
 */
export class StatefulStack extends Stack {
  readonly table: Table;
  readonly tokenSecret: Secret;
  readonly originVerifySecret: Secret;
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  /** Files the app keeps for a while: run items and results (decision 66). */
  readonly dataBucket: Bucket;
  /** Export holding the SPA bucket's name, for the stateless stack (see there why not a direct reference). */
  readonly siteBucketExport: string;
  /** Export holding the data bucket's name, for the stateless stack (as for the SPA bucket). */
  readonly dataBucketExport: string;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = createTable(this);

    this.tokenSecret = new Secret(this, 'TokenSigningKey', {
      description: 'Check My Price: HS256 key that signs session tokens',
      // The SecretString is the key itself; letters and digits only so it never needs escaping.
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(
      this.tokenSecret,
      'Rotated by hand (put-secret-value): tokens name their key by version, and the previous key ' +
        'verifies until its tokens expire (decision 52), so a rotation signs nobody out.',
      'AwsSolutions-SMG4',
    );

    // CloudFront sends this in `x-origin-verify` to the API, which refuses requests without it: only
    // then can it trust the viewer address CloudFront appends to `x-forwarded-for`.
    this.originVerifySecret = new Secret(this, 'OriginVerify', {
      description: 'Check My Price: shared secret CloudFront sends to the API in x-origin-verify',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(
      this.originVerifySecret,
      'CloudFront reads the value at deploy time, so it is rotated by hand: put-secret-value, then ' +
        'npm run deploy -c originVerifyVersion=<VersionId>; the API accepts the previous value until the next rotation (decision 52).',
      'AwsSolutions-SMG4',
    );

    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are delivered with ACLs, so the log bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.logBucket,
      'This is the access-log bucket itself; logging it into itself would loop.',
      'AwsSolutions-S1',
    );

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Origin access control lives here, not in the stateless stack: a policy naming the distribution
    // id would make the two stacks depend on each other. Any distribution of this account may read
    // the bucket, which only holds the public SPA.
    this.siteBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControl',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.siteBucket.arnForObjects('*')],
        conditions: {
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    this.dataBucket = new Bucket(this, 'DataBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/data/',
      lifecycleRules: dataLifecycleRules(),
      // The browser sends a large import file with a presigned form (decision 69): the form's
      // policy is the credential, and a form answers only a POST to its one key.
      cors: [
        { allowedMethods: [HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.dataBucketExport = `${this.stackName}-DataBucketName`;
    new CfnOutput(this, 'DataBucketName', {
      value: this.dataBucket.bucketName,
      exportName: this.dataBucketExport,
    });

    this.siteBucketExport = `${this.stackName}-SiteBucketName`;
    new CfnOutput(this, 'SiteBucketName', {
      value: this.siteBucket.bucketName,
      exportName: this.siteBucketExport,
    });

    new CfnOutput(this, 'TableName', {
      value: this.table.tableName,
      description: 'TABLE_NAME for `npm run user:add` against this installation',
    });
    new CfnOutput(this, 'Region', { value: Aws.REGION, description: 'AWS_REGION for `npm run user:add`' });
  }
}

/**
 * Nothing in the data bucket is kept for good: each kind of file goes after its own few days, and
 * anything else after 30 at most. Uploads cut off half-way go after a day.
 */
export const DATA_MAX_DAYS = 30;
function dataLifecycleRules() {
  return [
    { id: 'RunFiles', prefix: RUN_FILES_PREFIX, expiration: Duration.days(RUN_FILES_DAYS) },
    { id: 'ExportFiles', prefix: EXPORT_FILES_PREFIX, expiration: Duration.days(EXPORT_FILES_DAYS) },
    { id: 'UploadFiles', prefix: UPLOAD_FILES_PREFIX, expiration: Duration.days(UPLOAD_FILES_DAYS) },
    {
      id: 'Anything',
      expiration: Duration.days(DATA_MAX_DAYS),
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    },
  ];
}

/** The one application table, built from the same definition the local stack uses. */
function createTable(scope: Construct): Table {
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
  const table = new Table(scope, 'Table', {
    partitionKey: { name: partitionKey, type: AttributeType.STRING },
    sortKey: { name: sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute,
    encryption: TableEncryption.AWS_MANAGED,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
  });
  for (const index of globalSecondaryIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
  return table;
}
