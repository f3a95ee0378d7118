import { currencyCodeSchema, isDay } from '@cmp/shared';
import * as z from 'zod';
import { settingsSection } from '../config';

/**
 * The European Central Bank's daily reference rates (docs/rules.md#27-currencies): the only outside
 * address the daily function calls. Its XML names one day (`<Cube time="2026-11-27">`) and, per
 * currency, units per euro (`<Cube currency="USD" rate="1.0512"/>`). What it answers is checked
 * like any outside input: a redirect is followed only on the same https host, the body is capped,
 * and a day without a sane rate is refused whole.
 */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
/** The published file is about 1.5 KB. */
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export const ecbSettings = settingsSection(
  'ecb',
  z.object({
    /** Where the daily rates are read; tests point it at a server of their own. */
    ECB_RATES_URL: z.url().default(ECB_DAILY_URL),
  }),
);

export interface ReferenceDay {
  day: string;
  /** Units of each currency per euro. */
  perEuro: Record<string, number>;
}

/** The day and rates of the ECB's daily XML; throws, naming what is wrong, on anything else. */
export function parseEcbDaily(xml: string): ReferenceDay {
  const day = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']/.exec(xml)?.[1];
  if (!day || !isDay(day)) throw new Error('The ECB answer names no day');
  const perEuro: Record<string, number> = {};
  for (const [, currency, rate] of xml.matchAll(
    /<Cube\s+currency=["']([^"']*)["']\s+rate=["']([^"']*)["']\s*\/>/g,
  )) {
    const code = currencyCodeSchema.safeParse(currency);
    const value = Number(rate);
    if (!code.success || !/^\d+(\.\d+)?$/.test(rate ?? '') || !(value > 0) || value > 1_000_000)
      throw new Error(`The ECB answer holds a rate that is not one: ${currency} ${rate}`);
    perEuro[code.data] = value;
  }
  if (Object.keys(perEuro).length === 0) throw new Error(`The ECB answer for ${day} holds no rate`);
  return { day, perEuro };
}

/** Reads the daily file: redirects only on the same https host, at most MAX_BYTES, within TIMEOUT_MS. */
export async function fetchEcbDaily(address = ecbSettings().ECB_RATES_URL): Promise<ReferenceDay> {
  const origin = new URL(address);
  let url = origin;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.host !== origin.host || next.protocol !== origin.protocol)
        throw new Error(`The ECB answer redirects elsewhere (${next.origin}): not followed`);
      url = next;
      continue;
    }
    if (!response.ok) throw new Error(`The ECB answered ${response.status}`);
    return parseEcbDaily(await bodyText(response));
  }
  throw new Error(`The ECB answer redirects more than ${MAX_REDIRECTS} times`);
}

async function bodyText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_BYTES) {
      await reader?.cancel();
      throw new Error(`The ECB answer is over ${MAX_BYTES} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
