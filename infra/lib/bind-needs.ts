import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { tableDefinition } from '../../functions/src/data/table';
import type { RouteGroupDef } from '../../functions/src/http/routes';

export type Need = RouteGroupDef['needs'][number];

/** The resources a route group may need; more join as the scraper and Bedrock land. */
export interface NeedResources {
  readonly table: ITable;
  readonly tokenSecret: ISecret;
}

type Binder = (fn: LambdaFunction, resources: NeedResources) => void;

/** Each need grants exactly its access and sets the settings the code reads, in one place. */
const binders: Record<Need, Binder> = {
  table: (fn, { table }) => {
    grantTableData(fn, table);
    fn.addEnvironment('TABLE_NAME', table.tableName);
  },
  tokenSecret: (fn, { tokenSecret }) => {
    tokenSecret.grantRead(fn);
    fn.addEnvironment('TOKEN_SECRET_ARN', tokenSecret.secretArn);
  },
  stateMachine: notYet('stateMachine'),
  bedrock: notYet('bedrock'),
};

/**
 * Grants a function what its route group `needs` and wires the matching environment.
 * @example bindNeeds(fn, routeGroups.auth.needs, { table, tokenSecret })
 */
export function bindNeeds(fn: LambdaFunction, needs: readonly Need[], resources: NeedResources): void {
  for (const need of new Set(needs)) binders[need](fn, resources);
}

/** Item reads and writes: grantReadWriteData's data actions, without the stream ones (no stream). */
export const tableDataActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:UpdateItem',
];

// Like table.grantReadWriteData, but naming each index of the table definition instead of
// `<table>/index/*`: no wildcard, and nothing for cdk-nag to excuse.
function grantTableData(fn: LambdaFunction, table: ITable): void {
  const indexArns = tableDefinition.globalSecondaryIndexes.map(
    (index) => `${table.tableArn}/index/${index.indexName}`,
  );
  Grant.addToPrincipal({
    grantee: fn,
    actions: tableDataActions,
    resourceArns: [table.tableArn, ...indexArns],
  });
}

// Failing the synth beats deploying a function that is denied at its first call.
function notYet(need: Need): Binder {
  return (fn) => {
    throw new Error(
      `${fn.node.path} needs '${need}', which the CDK app does not provide yet (infra/lib/bind-needs.ts)`,
    );
  };
}
