import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured JSON logger. Nothing logs request bodies or headers, so passwords and tokens
 * never reach the logs.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'check-my-price' });
