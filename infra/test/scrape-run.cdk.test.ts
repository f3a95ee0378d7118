import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  BEDROCK_THROTTLED,
  buildScrapeDefinition,
  DYNAMODB_THROTTLING_ERRORS,
  LAMBDA_SERVICE_ERRORS,
  MAX_URLS_PER_BATCH,
  substitute,
} from '../../functions/src/scrape-run/state-machine';
import { arnSubstitution, type ScrapeTaskName, scrapeTasks } from '../../functions/src/scrape-run/tasks';
import { runFilesMapActions } from '../lib/bind-needs';
import {
  actionsOf,
  type Built,
  bedrockStatements,
  configured,
  deployedDefinition,
  flat,
  type Json,
  profileId,
  ref,
  resourceOf,
  resourcesOf,
  scrapeRunApps,
  stateMachineId,
  stateMachineOf,
  statementsOfFunction,
  statementsOfRole,
  taskFunctionId,
  tasks,
} from './support/scrape-run-template';

/** The scrape run's state machine, its task functions and their Bedrock access, as synthesized. */
const { main, build } = scrapeRunApps();

/** The states of one URL's check: inside CheckBatch, the inline Map of an Express child's batch. */
const checkStates = (definition: Json) =>
  definition.States.ScrapeUrls.ItemProcessor.States.CheckBatch.ItemProcessor.States;

describe('the state machine', () => {
  it('is the definition builder’s output for the configured concurrency and timeout', () => {
    expect(deployedDefinition(main)).toEqual(
      buildScrapeDefinition({ maxConcurrency: 25, timeoutSeconds: 5400 }),
    );
    // 25 pages at once: 3 children of 8 URLs each.
    expect(deployedDefinition(main)).toMatchObject({
      TimeoutSeconds: 5400,
      States: {
        ScrapeUrls: {
          MaxConcurrency: 3,
          ItemBatcher: { MaxItemsPerBatch: 8 },
          ItemProcessor: { States: { CheckBatch: { MaxConcurrency: 8 } } },
        },
      },
    });
  });

  it('checks the URLs in batches, each an Express child checking its URLs all at once, within the pages-at-once setting', () => {
    const { ScrapeUrls } = deployedDefinition(main).States;

    expect(ScrapeUrls).toMatchObject({
      ItemReader: { Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: { InputType: 'JSONL' } },
      ItemBatcher: { BatchInput: { 'runId.$': '$.runId' } },
      ItemProcessor: {
        ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' },
        StartAt: 'CheckBatch',
        States: {
          CheckBatch: {
            Type: 'Map',
            ItemsPath: '$.Items',
            ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' } },
          },
        },
      },
    });
    // The batcher cuts batches no larger than a child checks at once, and no child checks more than 10.
    const { CheckBatch } = ScrapeUrls.ItemProcessor.States;
    expect(ScrapeUrls.ItemBatcher.MaxItemsPerBatch).toBe(CheckBatch.MaxConcurrency);
    expect(CheckBatch.MaxConcurrency).toBeLessThanOrEqual(MAX_URLS_PER_BATCH);
    // Children at once × URLs at once in each: at most the configured 25 pages at once.
    expect(ScrapeUrls.MaxConcurrency * CheckBatch.MaxConcurrency).toBe(24);
  });

  it('fills every task’s Resource with the ARN of that task’s own function', () => {
    const substitutions = stateMachineOf(main).Properties.DefinitionSubstitutions;
    expect(Object.keys(substitutions).sort()).toEqual(tasks.map(arnSubstitution).sort());
    for (const task of tasks) {
      expect(substitutions[arnSubstitution(task)]).toEqual({
        'Fn::GetAtt': [taskFunctionId(main, task), 'Arn'],
      });
    }

    // What Step Functions ends up running: the template's string with its substitutions applied,
    // against the builder's definition with each task's function ARN put in by `substitute`.
    const arnText = (value: Json) => `arn-of:${value['Fn::GetAtt'].join('.')}`;
    const running = JSON.parse(
      stateMachineOf(main).Properties.DefinitionString.replace(/\$\{(\w+)\}/g, (_: string, key: string) =>
        arnText(substitutions[key]),
      ),
    );
    const arns = Object.fromEntries(
      tasks.map((task) => [task, arnText({ 'Fn::GetAtt': [taskFunctionId(main, task), 'Arn'] })]),
    ) as Record<ScrapeTaskName, string>;
    expect(running).toEqual(
      JSON.parse(substitute(buildScrapeDefinition({ maxConcurrency: 25, timeoutSeconds: 5400 }), arns)),
    );
    expect(JSON.stringify(running)).not.toContain('${');
    expect(checkStates(running).ScrapeUrl.Resource).toBe(arns.ScrapeUrl);
  });

  it('retries Lambda service errors and throttling, and Bedrock and DynamoDB throttling, with capped full-jitter backoff', () => {
    const definition = deployedDefinition(main);
    const lambdaRetry = {
      ErrorEquals: expect.arrayContaining(['Lambda.ServiceException', 'Lambda.TooManyRequestsException']),
      BackoffRate: expect.any(Number),
      MaxAttempts: expect.any(Number),
      MaxDelaySeconds: expect.any(Number),
      JitterStrategy: 'FULL',
    };
    const inner = checkStates(definition);
    for (const state of [
      definition.States.Prepare,
      definition.States.Finalize,
      inner.ScrapeUrl,
      inner.RecordFailure,
    ]) {
      expect(state.Retry).toContainEqual(expect.objectContaining(lambdaRetry));
      const retry = state.Retry.find((r: Json) => r.ErrorEquals.includes('Lambda.TooManyRequestsException'));
      expect(retry.ErrorEquals).toEqual(LAMBDA_SERVICE_ERRORS);
      expect(retry.BackoffRate).toBeGreaterThan(1);
      expect(retry.MaxDelaySeconds).toBeGreaterThan(retry.IntervalSeconds);
    }
    for (const state of [definition.States.Prepare, definition.States.Finalize])
      expect(state.Retry).toContainEqual(
        expect.objectContaining({ ErrorEquals: DYNAMODB_THROTTLING_ERRORS, JitterStrategy: 'FULL' }),
      );
    expect(inner.ScrapeUrl.Retry).toContainEqual(
      expect.objectContaining({
        ErrorEquals: [BEDROCK_THROTTLED, ...DYNAMODB_THROTTLING_ERRORS],
        JitterStrategy: 'FULL',
        MaxDelaySeconds: expect.any(Number),
        BackoffRate: expect.any(Number),
      }),
    );
  });

  it('catches any failure of one URL into RecordFailure, so the run goes on', () => {
    const definition = deployedDefinition(main);
    const map = definition.States.ScrapeUrls;
    expect(map).toMatchObject({ Type: 'Map', Next: 'Finalize' });
    expect(map.Catch).toBeUndefined();
    expect(map.ItemProcessor.States.CheckBatch.Catch).toBeUndefined();
    const { ScrapeUrl, RecordFailure } = checkStates(definition);
    expect(ScrapeUrl.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' },
    ]);
    expect(RecordFailure).toMatchObject({ Type: 'Task', End: true });
  });

  it('retries a failing RecordFailure on any error, then ends the item quietly, so it cannot fail the run', () => {
    const states = checkStates(deployedDefinition(main));
    const { Retry, Catch } = states.RecordFailure;
    // States.ALL must come last: the Lambda service errors keep their own retrier.
    expect(Retry.at(-1)).toEqual(
      expect.objectContaining({
        ErrorEquals: ['States.ALL'],
        JitterStrategy: 'FULL',
        BackoffRate: expect.any(Number),
        MaxAttempts: expect.any(Number),
        MaxDelaySeconds: expect.any(Number),
      }),
    );
    expect(Retry.at(-1).BackoffRate).toBeGreaterThan(1);
    expect(Retry.at(-1).MaxAttempts).toBeGreaterThan(1);
    expect(Retry.at(-1).MaxDelaySeconds).toBeGreaterThan(Retry.at(-1).IntervalSeconds);
    expect(Catch).toHaveLength(1);
    expect(Catch[0].ErrorEquals).toEqual(['States.ALL']);
    expect(states[Catch[0].Next]).toMatchObject({ Type: 'Pass', End: true });
  });

  it('hands where Prepare wrote the URL ids past ReadFeeds and the Map to Finalize, which reads their records by key', () => {
    const { Prepare, AnyUrls, ReadFeeds, AnyPages, ScrapeUrls, Finalize } = deployedDefinition(main).States;
    expect(Prepare.Next).toBe('AnyUrls');
    expect(AnyUrls).toMatchObject({ Type: 'Choice', Default: 'Finalize' });
    expect(AnyUrls.Choices[0].Next).toBe('ReadFeeds');
    // ReadFeeds' answer goes beside Prepare's: the Map reads the URLs left to fetch, Finalize all of them.
    expect(ReadFeeds).toMatchObject({
      Parameters: { 'items.$': '$.items' },
      ResultPath: '$.fetch',
      Next: 'AnyPages',
    });
    expect(AnyPages).toMatchObject({ Type: 'Choice', Default: 'Finalize' });
    // ResultPath null: the Map's output is its input, Prepare's { runId, items, total, results, fetch }.
    expect(ScrapeUrls).toMatchObject({ ResultPath: null, Next: 'Finalize' });
    expect(ScrapeUrls.ItemReader.Parameters).toEqual({
      'Bucket.$': '$.fetch.items.bucket',
      'Key.$': '$.fetch.items.key',
    });
    expect(Finalize.Parameters).toEqual({ 'runId.$': '$.runId', 'items.$': '$.items' });
  });

  it('logs errors (its Express children too) to its own vended-logs group, and traces with X-Ray', () => {
    const { LoggingConfiguration, TracingConfiguration } = stateMachineOf(main).Properties;
    expect(LoggingConfiguration).toEqual({
      Level: 'ERROR',
      IncludeExecutionData: true,
      Destinations: [
        { CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
      ],
    });
    const logGroupId =
      LoggingConfiguration.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0];
    expect(resourceOf(main, logGroupId)).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      // Under /aws/vendedlogs/, so log delivery adds nothing to the account's log resource policy.
      Properties: { LogGroupName: `/aws/vendedlogs/states/${main.stateless.stackName}-scrape-run` },
    });
    expect(TracingConfiguration).toEqual({ Enabled: true });
  });

  it('may invoke exactly the four task functions, run its own child executions, and nothing else but logs and X-Ray', () => {
    const roleId = stateMachineOf(main).Properties.RoleArn['Fn::GetAtt'][0];
    const statements = statementsOfRole(main, roleId);
    const invoke = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invoke).toHaveLength(1);
    expect(actionsOf(invoke[0])).toEqual(['lambda:InvokeFunction']);
    expect(resourcesOf(invoke[0]).sort()).toEqual(
      tasks.map((task) => ref(`${taskFunctionId(main, task)}.Arn`)).sort(),
    );

    // The Distributed Map's children: executions of this state machine, none of any other.
    const states = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('states:')));
    const self = ref(stateMachineId(main));
    const executions = `arn:${ref('AWS::Partition')}:states:${ref('AWS::Region')}:${ref('AWS::AccountId')}:execution:part 6 of ${self} split at ':':*`;
    expect(states.map((s) => [actionsOf(s), resourcesOf(s)])).toEqual([
      [['states:StartExecution'], [self]],
      [['states:DescribeExecution', 'states:StopExecution'], [executions]],
    ]);

    // The Map's items and results: objects under the data bucket's run files, nothing else of S3.
    const s3 = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => [actionsOf(s), resourcesOf(s)])).toEqual([
      [runFilesMapActions, [expect.stringMatching(/DataBucket.*\/runs\/\*$/)]],
    ]);

    const rest = statements.filter((s) => s !== invoke[0] && !states.includes(s) && !s3.includes(s));
    for (const statement of rest) {
      for (const action of actionsOf(statement)) expect(action).toMatch(/^(logs|xray):[A-Za-z]+$/);
    }
    expect(statements.every((s) => s.Effect === 'Allow' && !s.NotAction && !s.NotResource)).toBe(true);
  });

  it('lives in the stateless stack', () => {
    // The scrape run's and the discovery job's (issue 32).
    main.template.resourceCountIs('AWS::StepFunctions::StateMachine', 2);
    Template.fromStack(main.stateful).resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    Template.fromStack(main.stateful).resourceCountIs('AWS::Lambda::Function', 0);
  });
});

describe('the task functions', () => {
  it('are one nodejs22.x arm64 Lambda per task, with the task’s timeout', () => {
    for (const task of tasks) {
      expect(resourceOf(main, taskFunctionId(main, task)).Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        // The browser's Chromium (@sparticuz/chromium) is packed for x86_64 only.
        Architectures: [task === 'RenderUrl' ? 'x86_64' : 'arm64'],
        Handler: 'index.handler',
        Timeout: scrapeTasks[task].timeoutSeconds,
        Description: `Check My Price scrape run: the ${task} task`,
      });
    }
    const taskFunctions = Object.values(main.template.findResources('AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties.Description ?? '').startsWith('Check My Price scrape run: the '),
    );
    expect(taskFunctions).toHaveLength(tasks.length);
    // ScrapeUrl mostly waits (the shop, pacing, Bedrock); bench:extract's sizing rows chose 512 MB.
    // Prepare and Finalize hold a whole run's URL ids (bench:finalize); ReadFeeds them and a feed's items.
    const memory = Object.fromEntries(
      tasks.map((task) => [task, resourceOf(main, taskFunctionId(main, task)).Properties.MemorySize]),
    );
    expect(memory).toEqual({
      Prepare: 1024,
      ReadFeeds: 1024,
      ScrapeUrl: 512,
      RenderUrl: 2048,
      RecordFailure: 512,
      Finalize: 1024,
    });
  });

  it('give the browser function a concurrency of its own and the packed Chromium, and no other task either', () => {
    for (const task of tasks) {
      const { ReservedConcurrentExecutions, Environment } = resourceOf(
        main,
        taskFunctionId(main, task),
      ).Properties;
      expect([task, ReservedConcurrentExecutions, Environment.Variables.CHROMIUM_BIN_DIR]).toEqual(
        task === 'RenderUrl' ? [task, 10, '/var/task/chromium-bin'] : [task, undefined, undefined],
      );
    }
  });

  it('read the table, the run timeout, the records’ retention (the tasks that write them), and (the checks only) the model and contact URL', () => {
    for (const task of tasks) {
      const env = resourceOf(main, taskFunctionId(main, task)).Properties.Environment.Variables;
      expect(env).toMatchObject({
        TABLE_NAME: expect.anything(),
        SCRAPE_RUN_TIMEOUT_SECONDS: '5400',
        POWERTOOLS_SERVICE_NAME: 'check-my-price',
        LOG_LEVEL: 'INFO',
      });
      const checks = task === 'ScrapeUrl' || task === 'RenderUrl';
      expect(env.BEDROCK_MODEL_ID).toBe(checks ? profileId : undefined);
      expect(env.SCRAPER_CONTACT_URL).toBe(checks ? configured.scraperContactUrl : undefined);
      expect(env.STATE_MACHINE_ARN).toBeUndefined();
      expect(env.PRICE_RETENTION_DAYS).toBe(
        checks || task === 'RecordFailure' || task === 'ReadFeeds'
          ? configured.priceRetentionDays
          : undefined,
      );
    }
  });

  it('may use the table, only the checks may call Bedrock, and only the tasks that end runs announce it', () => {
    const expected: Record<(typeof tasks)[number], string[]> = {
      Prepare: ['dynamodb', 'events', 's3'],
      // Reads and writes the run's items; a feed's host may have a proxy.
      ReadFeeds: ['dynamodb', 's3', 'secretsmanager'],
      // A host's proxy password, when its settings name a proxy.
      ScrapeUrl: ['bedrock', 'dynamodb', 'secretsmanager'],
      RenderUrl: ['bedrock', 'dynamodb', 'secretsmanager'],
      RecordFailure: ['dynamodb'],
      Finalize: ['dynamodb', 'events', 's3'],
    };
    for (const task of tasks) {
      const statements = statementsOfFunction(main, taskFunctionId(main, task));
      const services = new Set(statements.flatMap(actionsOf).map((action) => action.split(':')[0]));
      expect([...services].sort(), task).toEqual(expected[task]);
    }
    // Only reading, and only the proxy passwords.
    for (const task of ['ScrapeUrl', 'RenderUrl'] as const) {
      const secrets = statementsOfFunction(main, taskFunctionId(main, task)).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
      );
      expect(secrets.map(actionsOf)).toEqual([['secretsmanager:GetSecretValue']]);
      expect(JSON.stringify(secrets.map(resourcesOf))).toMatch(/:secret:[\w-]+\/host-proxy\/\*"/);
    }
  });

  it('Prepare may only write the run files, Finalize only read them, ReadFeeds both, all named in DATA_BUCKET', () => {
    const s3Of = (task: ScrapeTaskName) =>
      statementsOfFunction(main, taskFunctionId(main, task))
        .filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')))
        .map((s) => [actionsOf(s), resourcesOf(s)]);
    const runFiles = [expect.stringMatching(/DataBucket.*\/runs\/\*$/)];

    expect(s3Of('Prepare')).toEqual([[['s3:PutObject'], runFiles]]);
    expect(s3Of('Finalize')).toEqual([[['s3:GetObject'], runFiles]]);
    expect(s3Of('ReadFeeds')).toEqual([[['s3:GetObject', 's3:PutObject'], runFiles]]);
    for (const task of tasks) {
      const env = resourceOf(main, taskFunctionId(main, task)).Properties.Environment.Variables;
      expect([task, env.DATA_BUCKET !== undefined]).toEqual([
        task,
        task === 'Prepare' || task === 'Finalize' || task === 'ReadFeeds',
      ]);
    }
  });
});

describe('the price confidence floor', () => {
  it('reaches every function, the dashboard’s and the run’s tasks alike, from -c priceConfidenceFloor', () => {
    const floorOf = (built: Built) =>
      Object.values(built.template.findResources('AWS::Lambda::Function'))
        .map((fn: Json) => fn.Properties.Environment?.Variables ?? {})
        .filter((env) => env.POWERTOOLS_SERVICE_NAME === 'check-my-price') // ours, not CDK's helpers
        .map((env) => env.PRICE_CONFIDENCE_FLOOR);
    const raised = build({ ...configured, priceConfidenceFloor: '0.65' });

    expect(floorOf(raised).length).toBeGreaterThan(tasks.length);
    expect(new Set(floorOf(raised))).toEqual(new Set(['0.65']));
    expect(new Set(floorOf(main))).toEqual(new Set(['0.5']));
  });

  it('refuses a floor outside 0–1 at synth', () => {
    expect(() => build({ ...configured, priceConfidenceFloor: '1.5' })).toThrow(/PRICE_CONFIDENCE_FLOOR/);
  });
});

describe('Bedrock access of ScrapeUrl (RenderUrl has the same)', () => {
  const scrapeUrlBedrock = (built: Built) =>
    statementsOfFunction(built, taskFunctionId(built, 'ScrapeUrl')).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('bedrock:')),
    );
  const region = ref('AWS::Region');
  const partition = ref('AWS::Partition');
  const account = ref('AWS::AccountId');

  it('with an inference profile: the profile here, and its model wherever it routes, only through it', () => {
    const profileArn = `arn:${partition}:bedrock:${region}:${account}:inference-profile/${profileId}`;
    const statements = scrapeUrlBedrock(main);
    expect(statements).toHaveLength(2);
    expect(statements.flatMap(actionsOf)).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModel']);
    expect(resourcesOf(statements[0])).toEqual([profileArn]);
    expect(statements[0].Condition).toBeUndefined();
    expect(resourcesOf(statements[1])).toEqual([
      `arn:${partition}:bedrock:*::foundation-model/anthropic.claude-3-7-sonnet-20250219-v1:0`,
    ]);
    expect(flat(statements[1].Condition.ArnLike['bedrock:InferenceProfileArn'])).toBe(profileArn);
    expect(Object.keys(statements[1].Condition)).toEqual(['ArnLike']);
    // Nobody else may call Bedrock but the browser's checks, as ScrapeUrl may.
    expect(bedrockStatements(main)).toHaveLength(4);
  });

  it('with a foundation model id: that model in this Region, nothing more', () => {
    const built = build({ ...configured, bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' });
    const statements = scrapeUrlBedrock(built);
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements[0])).toEqual(['bedrock:InvokeModel']);
    expect(resourcesOf(statements[0])).toEqual([
      `arn:${partition}:bedrock:${region}::foundation-model/anthropic.claude-3-haiku-20240307-v1:0`,
    ]);
    expect(statements[0].Condition).toBeUndefined();
    expect(bedrockStatements(built)).toHaveLength(2);
  });

  it('with a global profile: also the region-less model ARN global routing is authorised against', () => {
    const built = build({
      ...configured,
      bedrockModelId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const [, models] = scrapeUrlBedrock(built);
    expect(resourcesOf(models)).toEqual([
      `arn:${partition}:bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`,
      `arn:${partition}:bedrock:::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`,
    ]);
    expect(flat(models.Condition.ArnLike['bedrock:InferenceProfileArn'])).toBe(
      `arn:${partition}:bedrock:${region}:${account}:inference-profile/global.anthropic.claude-sonnet-4-5-20250929-v1:0`,
    );
  });

  it('with a model: an alarm when more than 10 % of a run’s model calls fail', () => {
    const alarms = Object.values(main.template.findResources('AWS::CloudWatch::Alarm')).filter(
      (a) => a.Properties.MetricName === 'LlmFailureRate',
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties).toMatchObject({
      Namespace: 'CheckMyPrice',
      Statistic: 'Maximum',
      Threshold: 10,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('without a model: no Bedrock statement and no model setting anywhere', () => {
    const built = build({ ...configured, bedrockModelId: '' });
    expect(bedrockStatements(built)).toEqual([]);
    for (const fn of Object.values(built.template.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment?.Variables?.BEDROCK_MODEL_ID).toBeUndefined();
    }
    const llmAlarms = Object.values(built.template.findResources('AWS::CloudWatch::Alarm')).filter(
      (a) => a.Properties.MetricName === 'LlmFailureRate',
    );
    expect(llmAlarms).toEqual([]);
  });
});
