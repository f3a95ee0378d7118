/**
 * The demo's webhook receiver: the demo alert settings send each run's digest here, so a newcomer
 * sees alerts arrive. POST verifies the signature as a real receiver should (HMAC-SHA256 of the raw
 * body with the channel's secret); GET lists what arrived, newest first.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AlertEvent, webhookDigestSchema } from '@cmp/shared';
import { html, type SafeHtml } from './html';

export const WEBHOOK_INBOX_PATH = '/webhook-inbox';

/** What one POST brought, as the page lists it. */
interface InboxDelivery {
  readonly receivedAt: string;
  /** Whether X-Signature-256 is the body's HMAC with the channel's secret. */
  readonly verified: boolean;
  readonly timestamp: string | null;
  readonly body: string;
}

export interface WebhookInbox {
  /** Answers requests for WEBHOOK_INBOX_PATH: POST takes a delivery, GET shows the page. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** A digest of a large catalogue is a few hundred KB; anything past this is not one. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** The page keeps the latest deliveries only. */
const KEPT = 50;

/**
 * @param secretFor the signing secret of the webhook channel pointing at `url` (null: no such
 *   channel), read when each delivery arrives, so a channel saved again is verified with its secret.
 */
export function createWebhookInbox(options: {
  secretFor(url: string): Promise<string | null>;
  /** The inbox's own address, as channels name it. */
  url(): string;
}): WebhookInbox {
  const kept: InboxDelivery[] = [];

  async function receive(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (body === null) return answer(res, 413, 'Too large');
    const secret = await options.secretFor(options.url());
    const verified = secret !== null && signatureMatches(body, secret, req.headers['x-signature-256']);
    const timestamp = req.headers['x-timestamp'];
    kept.unshift({
      receivedAt: new Date().toISOString(),
      verified,
      timestamp: typeof timestamp === 'string' ? timestamp : null,
      body: body.toString('utf8'),
    });
    kept.splice(KEPT);
    answer(res, verified ? 204 : 401, verified ? '' : 'Signature does not match');
  }

  return {
    async handle(req, res) {
      if (req.method === 'POST') return receive(req, res);
      if (req.method === 'GET' || req.method === 'HEAD') {
        const page = inboxPage(kept);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(page),
          'cache-control': 'no-store',
        });
        return void res.end(req.method === 'HEAD' ? undefined : page);
      }
      res.setHeader('allow', 'GET, HEAD, POST');
      answer(res, 405, 'Method not allowed');
    },
  };
}

/** `sha256=<hex>` of the raw body, compared in constant time. */
function signatureMatches(body: Buffer, secret: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function inboxPage(deliveries: readonly InboxDelivery[]): string {
  return `<!DOCTYPE html>\n${html`<html lang="en-GB"><head><meta charset="utf-8"><title>Webhook inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse}
td,th{border:1px solid #d1d5db;padding:.25rem .5rem;text-align:left}.refused{color:#b91c1c}</style></head>
<body><main><h1>Webhook inbox</h1>
<p>The demo's alert settings send each price check's alerts here as a signed webhook. Newest first; reload to see new ones.</p>
${deliveries.length === 0 ? html`<p>Nothing has arrived yet.</p>` : deliveries.map(deliveryView)}
</main></body></html>
`}`;
}

function deliveryView(delivery: InboxDelivery): SafeHtml {
  const sent = delivery.timestamp === null ? '' : html` X-Timestamp ${delivery.timestamp}.`;
  const verdict = delivery.verified
    ? html`<p>Signature verified.${sent}</p>`
    : html`<p class="refused">Signature did not match: refused with 401.${sent}</p>`;
  const digest = parseDigest(delivery.body);
  return html`<section><h2>Received ${delivery.receivedAt}</h2>${verdict}
${
  digest
    ? html`<p>Run ${digest.run_id}, finished ${digest.finished_at}: ${digest.events.length} event(s).</p>
${digest.events.length > 0 ? eventsTable(digest.events) : ''}`
    : html`<pre>${delivery.body}</pre>`
}</section>`;
}

function eventsTable(events: readonly AlertEvent[]): SafeHtml {
  return html`<table><thead><tr><th scope="col">Kind</th><th scope="col">Product</th><th scope="col">Our price</th>
<th scope="col">Competitor</th><th scope="col">Their price</th><th scope="col">Before</th></tr></thead><tbody>
${events.map(
  (
    event,
  ) => html`<tr><td>${event.kind}</td><td>${event.sku} ${event.product_name}</td><td>${event.our_price}</td>
<td>${event.competitor_name ?? '—'}</td><td>${event.competitor_price ?? '—'}</td><td>${event.previous_price ?? '—'}</td></tr>`,
)}</tbody></table>`;
}

function parseDigest(body: string) {
  try {
    const parsed = webhookDigestSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
