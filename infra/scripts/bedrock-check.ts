/**
 * `npm run bedrock:check -- --model <id> [--region <region>]`
 *
 * One test call to a Bedrock model, exactly as the scraper makes it (Converse with the
 * report_price tool, the answer schema-checked), on a small built-in product page. Run it after
 * deploying with a model, with your AWS credentials: the first call to a model also enables it for
 * the account. Prints what the model answered, or why the call failed and what to do.
 */
import { parseArgs } from 'node:util';
import { createBedrockClient, createBedrockExtractor } from '@cmp/functions/scrape/llm/bedrock-extractor';

const TEST_PAGE =
  'Title: Steel kettle 1.7 l\nPrice-like text on the page:\n- Steel kettle 1.7 l £24.99 In stock';

/** What to do about the errors a first call usually meets. */
function advice(message: string): string {
  if (/AccessDenied/i.test(message))
    return (
      'Access denied. Check that your credentials may call bedrock:InvokeModel; Anthropic models also need the ' +
      "one-time use-case form (Bedrock console, 'Model catalog', the model's page); the deployed function's own " +
      'access comes from the stack (its role names the model from bedrockModelId).'
    );
  if (/ResourceNotFound|ValidationException/i.test(message))
    return 'The model id is not known in this region: use an id or inference profile (eu.…, us.…, global.…) the region offers.';
  if (/throttl/i.test(message)) return 'Throttled: try again in a minute, or ask for a higher quota.';
  return 'See the message above.';
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { model: { type: 'string' }, region: { type: 'string' } } });
  const region = values.region ?? process.env.AWS_REGION;
  if (!values.model || !region) {
    console.error(
      'usage: npm run bedrock:check -- --model <model or inference-profile id> --region <region>',
    );
    return 2;
  }
  const llm = createBedrockExtractor({
    client: createBedrockClient({ AWS_REGION: region, BEDROCK_ENDPOINT: process.env.BEDROCK_ENDPOINT }),
    modelId: values.model,
    maxAttempts: 2,
  });
  try {
    const { answer, usage } = await llm.extract({ page: TEST_PAGE, pageUrl: 'https://shop.example/kettle' });
    console.log(
      `OK: ${values.model} answered price ${answer.price} ${answer.currency ?? ''} (${usage.inputTokens} tokens in, ${usage.outputTokens} out).`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The call to ${values.model} failed: ${message}\n${advice(message)}`);
    return 1;
  }
}

process.exitCode = await main();
