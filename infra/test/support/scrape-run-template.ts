import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { type ScrapeTaskName, scrapeTasks } from '../../../functions/src/scrape-run/tasks';
import { checkMyPrice } from '../../lib/check-my-price';

/**
 * The scrape run's synthesized templates and ways to read them, for the CDK tests. Apps are
 * synthesized without bundling (decision 16) with cdk.json's feature flags. Every scrape-run
 * setting is given as context, away from its default, so each one is seen reaching the template.
 */
export const profileId = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';
export const configured = {
  scrapeMaxConcurrency: 25,
  scrapeRunTimeoutSeconds: 5400,
  scrapeSchedule: 'cron(30 4 * * ? *)',
  scheduleEnabled: true,
  bedrockModelId: profileId,
  scraperContactUrl: 'https://shop.example/about-our-bot',
  priceRetentionDays: '730',
};

export type Built = ReturnType<typeof checkMyPrice> & { template: Template; app: App };

/**
 * `main` is the app with `configured`, synthesized as the test file loads (no hook timeout applies
 * there; the first synth of a process loads most of aws-cdk-lib); `build(context)` synthesizes
 * another. Their scratch directory goes after the file's tests.
 */
export function scrapeRunApps(): { main: Built; build(context: Record<string, unknown>): Built } {
  const scratch = mkdtempSync(join(tmpdir(), 'cmp-cdk-scrape-run-'));
  const webDistDir = join(scratch, 'web');
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Check My Price</title>');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const { context: cdkContext } = JSON.parse(
    readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8'),
  );
  let appCount = 0;
  const build = (context: Record<string, unknown>): Built => {
    const app = new App({
      outdir: join(scratch, `cdk-${appCount++}.out`),
      context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
    });
    const built = checkMyPrice(app, { webDistDir });
    return { ...built, app, template: Template.fromStack(built.stateless) };
  };
  return { main: build(configured), build };
}

export const tasks = Object.keys(scrapeTasks) as ScrapeTaskName[];

// Template JSON is untyped; the assertions say what shape they expect.
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation template fragments
export type Json = any;
export const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.resolve((construct.node.defaultChild as CfnResource).logicalId) as string;
export const resourceOf = (built: Built, logicalId: string): Json =>
  built.template.toJSON().Resources[logicalId];

/** How `flat` writes a Ref or GetAtt: `${AWS::Region}`, `${Fn.Arn}` (Fn::Sub style); an import `${import Name}`. */
export const ref = (name: string) => `\${${name}}`;

/** A CloudFormation string expression as text: `arn:${AWS::Partition}:…:${Fn.Name}`. */
export function flat(value: Json): string {
  if (typeof value === 'string') return value;
  if (value?.Ref) return ref(value.Ref);
  if (value?.['Fn::GetAtt']) return ref(value['Fn::GetAtt'].join('.'));
  if (value?.['Fn::ImportValue']) return ref(`import ${flat(value['Fn::ImportValue'])}`);
  if (value?.['Fn::GetStackOutput'])
    return ref(`${value['Fn::GetStackOutput'].StackName}.${value['Fn::GetStackOutput'].OutputName}`);
  if (value?.['Fn::Join']) {
    const [separator, parts] = value['Fn::Join'];
    return parts.map(flat).join(separator);
  }
  if (value?.['Fn::Select']?.[1]?.['Fn::Split']) {
    const [
      index,
      {
        'Fn::Split': [separator, text],
      },
    ] = value['Fn::Select'];
    return `part ${index} of ${flat(text)} split at '${separator}'`;
  }
  throw new Error(`Not a string expression: ${JSON.stringify(value)}`);
}
export const resourcesOf = (statement: Json): string[] =>
  (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).map(flat);
export const actionsOf = (statement: Json): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** Every statement of the policies attached to a role. */
export function statementsOfRole(built: Built, roleId: string): Json[] {
  return Object.values(
    built.template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
  ).flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement);
}
export const statementsOfFunction = (built: Built, functionId: string) =>
  statementsOfRole(built, resourceOf(built, functionId).Properties.Role['Fn::GetAtt'][0]);

const scrapeRunOf = (built: Built) => built.stateless.scrapeRun;
export const stateMachineId = (built: Built) => logicalIdOf(built.stateless, scrapeRunOf(built).stateMachine);
export const taskFunctionId = (built: Built, task: ScrapeTaskName) =>
  logicalIdOf(built.stateless, scrapeRunOf(built).taskFunctions[task]);
export const stateMachineOf = (built: Built): Json => resourceOf(built, stateMachineId(built));
export const deployedDefinition = (built: Built): Json =>
  JSON.parse(stateMachineOf(built).Properties.DefinitionString);
export const bedrockStatements = (built: Built) =>
  Object.values(built.template.findResources('AWS::IAM::Policy'))
    .flatMap((policy: Json) => policy.Properties.PolicyDocument.Statement)
    .filter((statement: Json) => actionsOf(statement).some((action) => action.startsWith('bedrock:')));
