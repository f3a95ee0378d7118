import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/src/data/table';
import {
  EXPORT_FILES_DAYS,
  EXPORT_FILES_PREFIX,
  RUN_FILES_DAYS,
  RUN_FILES_PREFIX,
  UPLOAD_FILES_DAYS,
  UPLOAD_FILES_PREFIX,
} from '../../functions/src/lib/data-bucket';
import { DATA_MAX_DAYS } from '../lib/stateful-stack';
import { synthesizedApp } from './support/cdk-app';

// The shared 'eur' app (support/cdk-app.ts): no bundling (decision 16), cdk.json's feature flags.
// Nothing here depends on the shop currency.
let template: Template;

/** What every bucket of ours is: no public access of any kind, and encrypted with S3's own keys. */
const privateAndEncrypted = {
  PublicAccessBlockConfiguration: {
    BlockPublicAcls: true,
    BlockPublicPolicy: true,
    IgnorePublicAcls: true,
    RestrictPublicBuckets: true,
  },
  BucketEncryption: {
    ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
  },
};

// The first synth of a process loads most of aws-cdk-lib: allow it more than a hook's default 10 s.
beforeAll(() => {
  template = synthesizedApp('eur').statefulTemplate;
}, 120_000);

describe('the table', () => {
  it('has the keys, indexes and TTL attribute of the table definition', () => {
    const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
    const keyNames = [
      partitionKey,
      sortKey,
      ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];

    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    });
  });

  it('is on demand, backed up continuously and encrypted with the AWS managed key', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSEEnabled without a key of ours means the AWS managed key (aws/dynamodb).
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
      DeletionProtectionEnabled: true,
    });
  });

  it('survives the stack being deleted or the table being replaced', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('publishes its name for `npm run user:add`', () => {
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^Table') } });
  });
});

describe('the data bucket', () => {
  const dataBucket = () => {
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: { LoggingConfiguration: { LogFilePrefix: 's3/data/' } },
    });
    expect(Object.keys(buckets)).toHaveLength(1);
    return Object.entries(buckets)[0] as [string, { Properties: Record<string, unknown> }];
  };

  it('is private, encrypted, owner-enforced, logged, and kept when the stack goes', () => {
    const [id] = dataBucket();
    template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        ...privateAndEncrypted,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/data/' }),
      }),
      DeletionPolicy: 'Retain',
    });
    // TLS only: every request without it is denied.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('deletes a run’s files after a week, exports and uploads after a day, anything else within 30 days, and multipart uploads cut off after a day', () => {
    const [, bucket] = dataBucket();
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;

    expect(rules).toEqual([
      { Id: 'RunFiles', Prefix: RUN_FILES_PREFIX, ExpirationInDays: RUN_FILES_DAYS, Status: 'Enabled' },
      {
        Id: 'ExportFiles',
        Prefix: EXPORT_FILES_PREFIX,
        ExpirationInDays: EXPORT_FILES_DAYS,
        Status: 'Enabled',
      },
      {
        Id: 'UploadFiles',
        Prefix: UPLOAD_FILES_PREFIX,
        ExpirationInDays: UPLOAD_FILES_DAYS,
        Status: 'Enabled',
      },
      {
        Id: 'Anything',
        ExpirationInDays: DATA_MAX_DAYS,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      },
    ]);
    expect(rules.every((rule) => Number(rule.ExpirationInDays) <= 30)).toBe(true);
  });
});

describe('the secrets', () => {
  // The token-signing key and the origin-verify value CloudFront sends to the API.
  it('are two generated Secrets Manager strings of at least 48 letters and digits', () => {
    const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret'));
    expect(secrets.map((secret) => secret.Properties.Description).sort()).toEqual([
      expect.stringContaining('signs session tokens'),
      expect.stringContaining('x-origin-verify'),
    ]);
    for (const secret of secrets) {
      const generated = secret.Properties.GenerateSecretString;
      expect(generated.PasswordLength).toBeGreaterThanOrEqual(48);
      expect(generated.ExcludePunctuation).toBe(true);
      // The SecretString must be the value itself, not a JSON document around it.
      expect(generated.SecretStringTemplate).toBeUndefined();
      expect(generated.GenerateStringKey).toBeUndefined();
    }
  });
});

describe('the SPA bucket', () => {
  const siteBucket = () => {
    const [logicalId] = Object.keys(
      template.findResources('AWS::S3::Bucket', { Properties: { LoggingConfiguration: Match.anyValue() } }),
    );
    if (!logicalId) throw new Error('no bucket with access logging');
    return logicalId;
  };

  it('is private, S3-encrypted and logs its access', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...privateAndEncrypted,
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: Match.anyValue() },
    });
  });

  it('refuses plain HTTP and lets only CloudFront of this account read objects', () => {
    const policies = template.findResources('AWS::S3::BucketPolicy', {
      Properties: { Bucket: { Ref: siteBucket() } },
    });
    const statements = Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement);

    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    const allows = statements.filter((s) => s.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Condition: { ArnLike: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
  });

  it('every bucket blocks public access and enforces TLS', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(2);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    expect(Object.keys(template.findResources('AWS::S3::BucketPolicy')).length).toBe(
      Object.keys(buckets).length,
    );
  });
});
