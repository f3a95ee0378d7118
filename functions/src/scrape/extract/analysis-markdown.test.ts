import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../test-support/markdown';
import { type AnalysisInput, renderAnalysis } from './analysis-markdown';
import type { PriceCandidate } from './candidate';

/** Markdown a hostile page or model could try: a link, an image beacon, HTML, an autolink, a heading. */
const HOSTILE =
  '[click me](https://evil.example/x) ![b](https://evil.example/b.png) <img src=https://evil.example/p.png> ' +
  '<https://evil.example/a> [r] &#91;e&#93;(https://evil.example/e) *bold* __u__ # Pay here';
/** Starts a block on a line of its own: a heading, a link definition, a quote, raw HTML. */
const MULTILINE = 'ok\n# Pay here\n[r]: https://evil.example/ref\n> quoted\n<script>alert(1)</script>';
/** Tries to close the code span it is quoted in. */
const BREAKOUT = '`) [link](https://evil.example/y) (`';

const candidate = (overrides: Partial<PriceCandidate> = {}): PriceCandidate => ({
  source: 'json-ld',
  where: 'script[type="application/ld+json"]',
  snippet: '£24.99',
  amount: '24.99',
  currency: 'GBP',
  stock: 'in_stock',
  ids: [],
  urls: [],
  kind: 'offer',
  score: 5,
  ...overrides,
});

/** An analysis with every page- and model-supplied field set to `value`. */
function analysisWith(value: string): AnalysisInput {
  const hostile = candidate({ where: value, snippet: value, currency: value });
  return {
    analysis: {
      pageUrl: 'https://shop.example/p/1',
      structured: [hostile],
      visible: [candidate({ source: 'visible', snippet: value, where: value, currency: value })],
      decision: {
        basis: 'structured',
        chosen: hostile,
        confidence: 0.4,
        support: [hostile],
        agreeing: ['json-ld'],
        rejected: [],
        notes: [`Picked the offer(s) matching ${value}.`, value],
      },
      stock: 'unknown',
      reduced: '',
      needsLlm: true,
      refusal: null,
      wrongProduct: null,
    },
    tier: 'llm',
    price: '24.99',
    currency: value,
    confidence: 0.4,
    llm: {
      modelId: value,
      answer: { price: 24.99, currency: value, stock: 'unknown', confidence: 0.5, evidence: value },
      grounded: false,
      notes: [`The model's price ${value} is ungrounded.`],
      usage: { inputTokens: 1, outputTokens: 1 },
    },
    note: `The LLM tier failed (LLM answer invalid: ${value}); the result comes from the earlier tiers.`,
  };
}

const OUR_HEADINGS = ['Price extraction', 'What the page offers', 'Why', 'Evidence', 'Language model'];

describe('renderAnalysis: untrusted text cannot inject markdown', () => {
  it.each([
    ['inline markdown', HOSTILE],
    ['block markdown on new lines', MULTILINE],
    ['a code-span breakout', BREAKOUT],
  ])('adds no link, image, HTML or heading for %s in any page or model field', (_case, value) => {
    const rendered = renderMarkdown(renderAnalysis(analysisWith(value)));
    expect(rendered.active).toEqual([]);
    expect(rendered.headings).toEqual(OUR_HEADINGS);
  });

  it('shows the hostile text to staff as it was, on one line', () => {
    const rendered = renderMarkdown(renderAnalysis(analysisWith(HOSTILE)));
    expect(rendered.text).toContain(`Picked the offer(s) matching ${HOSTILE}.`);
    expect(rendered.text).toContain(`The LLM tier failed (LLM answer invalid: ${HOSTILE})`);
    expect(rendered.text).toContain(`Its evidence: ${HOSTILE}`);
    expect(renderMarkdown(renderAnalysis(analysisWith(MULTILINE))).text).toContain(
      'ok # Pay here [r]: https://evil.example/ref > quoted <script>alert(1)</script>',
    );
  });

  it('keeps its own formatting', () => {
    const markdown = renderAnalysis(analysisWith('GBP'));
    expect(markdown).toContain('**Price:** `24.99` GBP · **confidence** 40% · **from** the language model');
    expect(markdown).toContain('- Model `GBP` answered `24.99` GBP');
  });

  it('quotes an empty snippet without leaving a stray code span open', () => {
    const rendered = renderMarkdown(renderAnalysis(analysisWith('')));
    expect(rendered.text).toContain('json-ld at (empty): (empty)');
  });
});
