import { once } from 'node:events';
import { createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** What the model reports through the scraper's `report_price` tool. */
export interface ReportedPrice {
  price: number | null;
  currency: string | null;
  stock: 'in_stock' | 'out_of_stock' | 'unknown';
  confidence: number;
  evidence: string;
}

/** Bedrock Converse's answer: the tool call, or an AWS error by its type (`AccessDeniedException`). */
export type ConverseReply = { report: ReportedPrice } | { error: string; status: number };

/**
 * Bedrock Converse's wire format (HTTP/2) on loopback, for BEDROCK_ENDPOINT: each call gets
 * `reply()`'s answer. `calls()` counts the calls.
 */
export async function startConverseStandIn(reply: () => ConverseReply) {
  let calls = 0;
  const server = createHttp2Server((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      const answer = reply();
      if ('error' in answer) {
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'x-amzn-errortype': answer.error,
        });
        return res.end(JSON.stringify({ message: `${answer.error} from the stand-in` }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          output: {
            message: {
              role: 'assistant',
              content: [{ toolUse: { toolUseId: 't1', name: 'report_price', input: answer.report } }],
            },
          },
          stopReason: 'tool_use',
          usage: { inputTokens: 120, outputTokens: 20, totalTokens: 140 },
          metrics: { latencyMs: 5 },
        }),
      );
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
