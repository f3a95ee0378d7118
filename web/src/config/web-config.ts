// Runtime settings: fetched once from /config.json before the app renders, validated, then read anywhere.
import { type WebConfig, webConfigSchema } from '@cmp/shared';

export type { WebConfig };

/** Validates the raw `/config.json` document; the error lists every bad or missing key. */
export function parseWebConfig(raw: unknown): WebConfig {
  const result = webConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new Error(`Invalid /config.json: ${problems.join('; ')}`);
}

/**
 * The absolute API endpoint: `apiUrl` may be a path on the page's own origin.
 * @example apiEndpoint('/api', 'https://shop.example') // 'https://shop.example/api'
 */
export function apiEndpoint(apiUrl: string, origin: string): string {
  return new URL(apiUrl, origin).href.replace(/\/+$/, '');
}

let current: WebConfig | undefined;

/** Fetches and validates `/config.json`; call once at start. */
export async function loadWebConfig(url = '/config.json'): Promise<WebConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  current = parseWebConfig(await response.json());
  return current;
}

/** The loaded runtime config; throws when read before `loadWebConfig` finished. */
export function webConfig(): WebConfig {
  if (!current) throw new Error('Runtime config read before /config.json was loaded');
  return current;
}
