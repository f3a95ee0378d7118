import { Logger } from '@aws-lambda-powertools/logger';
import { loggingConfigSchema, perSettings, settingsSection } from './config';

const loggingSettings = settingsSection('logging', loggingConfigSchema);

/**
 * The structured JSON logger, with the service name and level of the settings. Nothing logs
 * request bodies or headers, so passwords and tokens never reach the logs.
 */
export const logger = perSettings(() => new Logger(loggingSettings()));
