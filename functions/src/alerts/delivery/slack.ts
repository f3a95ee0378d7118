/**
 * The Block Kit message a Slack incoming webhook receives: a header, one section per event kind
 * listing its events, and a footer linking to the Alerts page. Slack refuses a message over its
 * limits (50 blocks, 3000 characters in a section's text): one section per kind, and a list too long
 * for its section ends with 'and N more'.
 */
import type { AlertEvent } from '@cmp/shared';
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

export const SLACK_MAX_TEXT = 3000;
const HEADER_MAX_TEXT = 150;

type TextObject = { type: 'plain_text' | 'mrkdwn'; text: string };
export type SlackBlock =
  | { type: 'header'; text: TextObject }
  | { type: 'section'; text: TextObject }
  | { type: 'context'; elements: TextObject[] };

export interface SlackMessage {
  /** What notifications show. */
  readonly text: string;
  readonly blocks: SlackBlock[];
}

/** Slack's own escaping: product names are outside input and must not become links or mentions. */
export const escapeMrkdwn = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(digest: Digest, context: DigestContext): SlackMessage {
  const title = digestTitle(digest);
  const header: SlackBlock = {
    type: 'header',
    text: { type: 'plain_text', text: title.slice(0, HEADER_MAX_TEXT) },
  };
  const footer: SlackBlock = {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `Sent by <${context.appUrl}/alerts|Check My Price>` }],
  };
  const sections = isTestMessage(digest)
    ? [section(TEST_MESSAGE_TEXT)]
    : groupByKind(digest.events).map((group) =>
        section(cappedList(`*${escapeMrkdwn(group.label)}* (${group.events.length})`, group.events, context)),
      );
  // One section per kind (6 kinds) keeps the message far under Slack's 50 blocks, however many events.
  return { text: title, blocks: [header, ...sections, footer] };
}

const section = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

/** The heading and as many event lines as fit in one text field, then 'and N more'. */
function cappedList(heading: string, events: readonly AlertEvent[], context: DigestContext): string {
  const lines = events.map((event) => eventLine(event, context));
  let text = heading;
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index;
    const more = left > 1 ? `\n…and ${left - 1} more` : '';
    // Room for this line and, should the next not fit, the 'and N more' line after it.
    if (text.length + 1 + line.length + more.length > SLACK_MAX_TEXT) return `${text}\n…and ${left} more`;
    text += `\n${line}`;
  }
  return text;
}

function eventLine(event: AlertEvent, context: DigestContext): string {
  // The link's label is escaped; `|` inside it is fine, Slack splits at the first one (in the URL, encoded).
  const label = escapeMrkdwn(productLabel(event));
  return `• <${productLink(context, event.sku)}|${label}>: ${escapeMrkdwn(priceDetails(event, context.currency))}`;
}
