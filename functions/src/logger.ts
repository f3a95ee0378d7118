import { Logger } from '@aws-lambda-powertools/logger';
import { loggingConfigSchema, perSettings, settingsSection } from './config';

const loggingSettings = settingsSection('logging', loggingConfigSchema);

/**
 * The keys Powertools writes on every line itself (its `ReservedKeys`). One given in a line's data
 * is dropped with only a warning, so `{ message: result.message }` lost the reason it carried.
 */
type ReservedLogKey = 'level' | 'message' | 'sampling_rate' | 'service' | 'timestamp';

/** A line's data: any key but a reserved one (say `reason`, not `message`). */
export type LogFields = Readonly<Record<string, unknown>> & { readonly [key in ReservedLogKey]?: never };

/** The logger as the functions use it: Powertools' own, typed so a reserved key does not compile. */
export interface AppLogger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  appendKeys(keys: LogFields): void;
}

/**
 * The structured JSON logger, with the service name and level of the settings. Nothing logs
 * request bodies or headers, so passwords and tokens never reach the logs.
 */
export const logger = perSettings((): AppLogger => {
  const powertools = new Logger(loggingSettings());
  return {
    debug: (message, fields = {}) => powertools.debug(message, fields),
    info: (message, fields = {}) => powertools.info(message, fields),
    warn: (message, fields = {}) => powertools.warn(message, fields),
    error: (message, fields = {}) => powertools.error(message, fields),
    appendKeys: (keys) => powertools.appendKeys(keys),
  };
});
