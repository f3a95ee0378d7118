/**
 * Sends an e-mail through Amazon SES v2 (SendEmail, simple content). Locally the client talks to the
 * SES stand-in (SES_ENDPOINT). The SDK's own retries are off: the delivery's retries (retry.ts) are
 * the only ones, so a failing channel takes 3 tries, not 9.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { alertsConfigSchema, perSettings, settingsSection } from '../../config';
import { awsClientOptions } from '../../lib/aws-client';
import type { EmailMessage } from './email';
import type { Attempt } from './retry';

const alertsSettings = settingsSection('alerts', alertsConfigSchema);

const ses = perSettings(() => {
  const { SES_ENDPOINT, SES_REGION } = alertsSettings();
  return new SESv2Client({
    ...awsClientOptions(SES_ENDPOINT, SES_REGION),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
  });
});

/** SES's refusals that may pass on their own: throttling and its own faults. */
const RETRYABLE = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'InternalFailure',
  'ServiceUnavailable',
]);

export async function sendEmail(recipients: readonly string[], message: EmailMessage): Promise<Attempt> {
  const from = alertsSettings().SES_FROM_ADDRESS;
  if (!from) return { ok: false, message: 'E-mail sender not configured', retryable: false };
  try {
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [...recipients] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
    return {
      ok: true,
      message: `Sent to ${recipients.length} ${recipients.length === 1 ? 'recipient' : 'recipients'}`,
    };
  } catch (error) {
    const { name, message } = error as Error;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    // No status: SES never answered (network, time-out), which may pass too.
    if (status === undefined) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        message: `Could not reach SES (${typeof code === 'string' ? code : name})`,
        retryable: true,
      };
    }
    const retryable = status >= 500 || RETRYABLE.has(name);
    return { ok: false, message: `${name}: ${message}`.slice(0, 200), retryable };
  }
}
