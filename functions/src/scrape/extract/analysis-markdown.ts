/**
 * The analysis staff read in the 'AI analysis' dialog: what each tier found, what was chosen and
 * why, in markdown. Everything that comes from the page, the model or an error is untrusted: page
 * text is quoted inside code spans, and every other value is escaped, so none of it can add a
 * link, an image, HTML or a heading.
 */
import type { PriceCandidate } from './candidate';
import type { LlmAnswer, PageAnalysis, Tier, TokenUsage } from './tiers';

export interface AnalysisInput {
  readonly analysis: PageAnalysis;
  readonly tier: Tier;
  readonly price: string | null;
  readonly currency: string | null;
  readonly confidence: number;
  readonly llm: {
    readonly modelId: string;
    readonly answer: LlmAnswer;
    readonly grounded: boolean;
    readonly notes: readonly string[];
    readonly usage: TokenUsage;
  } | null;
  /** A closing remark, e.g. that no model is configured. */
  readonly note: string | null;
}

const TIER_LABEL: Record<Tier, string> = {
  structured: 'structured data',
  heuristic: 'visible-page heuristics',
  llm: 'the language model',
  pinned: 'the place a person picked',
  none: 'nothing (no price established)',
};

/** Renders the analysis for one page. */
export function renderAnalysis(input: AnalysisInput): string {
  const { analysis, llm } = input;
  const lines: string[] = ['## Price extraction', ''];
  lines.push(
    input.price === null
      ? '**No price found.**'
      : `**Price:** ${code(input.price)}${input.currency ? ` ${text(input.currency)}` : ''} · **confidence** ${Math.round(input.confidence * 100)}% · **from** ${TIER_LABEL[input.tier]}`,
  );
  lines.push(`**Stock:** ${analysis.stock.replace('_', ' ')}`, '');
  lines.push('### What the page offers', '');
  lines.push(`- Structured data: ${summarise(analysis.structured)}`);
  lines.push(`- Visible prices (best first): ${summarise(analysis.visible.slice(0, 5))}`);
  lines.push('', '### Why', '');
  const decision = analysis.decision;
  if (decision.agreeing.length > 0) lines.push(`- Sources that agree: ${decision.agreeing.join(', ')}.`);
  for (const note of decision.notes) lines.push(`- ${text(note)}`);
  if (decision.support.length > 0) {
    lines.push('', '### Evidence', '');
    for (const c of decision.support) lines.push(`- ${c.source} at ${code(c.where)}: ${code(c.snippet)}`);
  }
  if (llm) {
    lines.push('', '### Language model', '');
    lines.push(
      `- Model ${code(llm.modelId)} answered ${llm.answer.price === null ? 'no price' : code(String(llm.answer.price))} ${text(llm.answer.currency ?? '')} (its own confidence ${llm.answer.confidence}; not used as ours).`,
    );
    lines.push(`- Grounded in the page (structured data or a shown price): ${llm.grounded ? 'yes' : 'no'}.`);
    for (const note of llm.notes) lines.push(`- ${text(note)}`);
    if (llm.answer.evidence) lines.push(`- Its evidence: ${code(llm.answer.evidence.slice(0, 200))}`);
    lines.push(`- Tokens: ${llm.usage.inputTokens} in, ${llm.usage.outputTokens} out.`);
  }
  if (input.note) lines.push('', `_${text(input.note)}_`);
  return lines.join('\n');
}

function summarise(candidates: readonly PriceCandidate[]): string {
  if (candidates.length === 0) return 'none';
  const amounts = candidates.map(
    (c) => `${code(c.amount)}${c.currency ? ` ${text(c.currency)}` : ''} (${c.source})`,
  );
  return [...new Set(amounts)].slice(0, 8).join(', ');
}

/**
 * Quotes page text as inline code on one line, removing backticks so it cannot break out; empty
 * text would leave a lone backtick pair that opens a span up to the next one.
 */
function code(raw: string): string {
  const flat = raw.replace(/`/g, "'").replace(/\s+/g, ' ');
  return flat.trim() === '' ? '(empty)' : `\`${flat}\``;
}

/**
 * Text on one line with every character that could start markdown syntax backslash-escaped (links,
 * images, HTML, autolinks, entities, emphasis, headings, block quotes, code), so it shows verbatim.
 */
function text(raw: string): string {
  return raw.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>&#!|~]/g, '\\$&');
}
