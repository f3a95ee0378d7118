import { Agent, request } from 'node:http';

/** The value below which `p` percent of the samples fall (nearest rank: p95 of 20 is the 19th). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('No samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export interface TimedResponse {
  status: number;
  /** From sending the request to the last byte of the body. */
  ms: number;
  /** Bytes on the wire (compressed when the server compressed). */
  bytes: number;
  encoding: string | undefined;
}

/** Keeps connections open between calls, as a browser does; fresh TCP handshakes are not what we measure. */
export const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A GET through node:http, not fetch: fetch decompresses, and we want the bytes that travel.
 * Times out rather than hang, so every loop that calls it ends. A kept-alive connection the server
 * closed just as it was reused (after about its 5 s idle timeout) is retried once on a new one, as
 * Node's documentation advises for idempotent requests.
 */
export async function timedGet(
  url: string,
  options: { token: string; gzip: boolean; timeoutMs?: number },
): Promise<TimedResponse> {
  try {
    return await timedGetOnce(url, options);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket) return timedGetOnce(url, options);
    throw error;
  }
}

function timedGetOnce(
  url: string,
  options: { token: string; gzip: boolean; timeoutMs?: number },
): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        agent: keepAlive,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(options.gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            bytes,
            encoding: res.headers['content-encoding'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        Object.assign(error, {
          reusedSocket: req.reusedSocket && error.code === 'ECONNRESET',
        }),
      ),
    );
    req.end();
  });
}
