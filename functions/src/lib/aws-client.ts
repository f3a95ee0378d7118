import { awsConfigSchema, settingsSection } from '../config';

const awsSettings = settingsSection('AWS', awsConfigSchema);

/** The stand-ins accept any credentials; real ones are never needed for them, nor sent to them. */
const STAND_IN_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * The options of every AWS SDK client we make: the region of the settings (unset: the SDK's own
 * lookup) and, where a setting points the client at a stand-in (`endpoint`), that endpoint with
 * static credentials.
 * @example new SFNClient(awsClientOptions(settings.SFN_ENDPOINT))
 */
export function awsClientOptions(
  endpoint: string | undefined,
  region: string | undefined = awsSettings().AWS_REGION,
): { region?: string; endpoint?: string; credentials?: typeof STAND_IN_CREDENTIALS } {
  return {
    ...(region ? { region } : {}),
    ...(endpoint ? { endpoint, credentials: STAND_IN_CREDENTIALS } : {}),
  };
}
