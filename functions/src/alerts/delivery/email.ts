/**
 * The e-mail of a digest: a subject, a plain-text part and an HTML part. Product and competitor
 * names are outside input: the HTML part escapes every piece of text it shows.
 */
import type { Digest } from '../channel';
import {
  type DigestContext,
  digestTitle,
  groupByKind,
  isTestMessage,
  priceDetails,
  productLabel,
  productLink,
  TEST_MESSAGE_TEXT,
} from './digest-text';

export interface EmailMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function emailMessage(digest: Digest, context: DigestContext): EmailMessage {
  const subject = digestTitle(digest);
  const alertsPage = `${context.appUrl}/alerts`;
  if (isTestMessage(digest))
    return {
      subject,
      text: `${TEST_MESSAGE_TEXT}\n\n${alertsPage}\n`,
      html: page(subject, `<p>${escapeHtml(TEST_MESSAGE_TEXT)}</p>`, alertsPage),
    };
  const groups = groupByKind(digest.events);
  const text = groups
    .map((group) => {
      const lines = group.events.map(
        (event) =>
          `- ${productLabel(event)}: ${priceDetails(event, context.currency)}\n  ${productLink(context, event.sku)}`,
      );
      return `${group.label} (${group.events.length})\n${lines.join('\n')}`;
    })
    .join('\n\n');
  const html = groups
    .map((group) => {
      const items = group.events.map(
        (event) =>
          `<li><a href="${escapeHtml(productLink(context, event.sku))}">${escapeHtml(productLabel(event))}</a>: ${escapeHtml(priceDetails(event, context.currency))}</li>`,
      );
      return `<h2>${escapeHtml(group.label)} (${group.events.length})</h2>\n<ul>\n${items.join('\n')}\n</ul>`;
    })
    .join('\n');
  return {
    subject,
    text: `${subject}\n\n${text}\n\nAll alerts: ${alertsPage}\n`,
    html: page(subject, html, alertsPage),
  };
}

function page(title: string, body: string, alertsPage: string): string {
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>`,
    `<h1>${escapeHtml(title)}</h1>`,
    body,
    `<p><a href="${escapeHtml(alertsPage)}">All alerts</a></p>`,
    '</body></html>',
  ].join('\n');
}
