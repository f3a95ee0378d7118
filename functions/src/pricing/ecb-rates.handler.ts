import { readEntrySettings } from '../config';
import { logger } from '../logger';
import { fetchEcbDaily } from './ecb-rates';
import { saveReferenceDay } from './exchange-rates';

readEntrySettings(process.env);

/**
 * The daily exchange-rate function (AWS: an EventBridge schedule, infra/lib/exchange-rates.construct.ts):
 * reads the ECB's reference rates of the day and keeps them for the comparison. A failure is thrown
 * (Lambda retries; the rates of the days before stay usable for MAX_RATE_AGE_DAYS).
 */
export async function handler(): Promise<{ day: string; currencies: number }> {
  const { day, perEuro } = await fetchEcbDaily();
  await saveReferenceDay(day, perEuro);
  const currencies = Object.keys(perEuro).length;
  logger().info('ECB reference rates kept', { day, currencies });
  return { day, currencies };
}
