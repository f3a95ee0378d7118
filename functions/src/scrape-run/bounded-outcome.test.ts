import { describe, expect, it } from 'vitest';
import { boundedForStorage, MAX_ANALYSIS_CHARS, MAX_EVIDENCE_ITEMS } from './bounded-outcome';
import type { Outcome } from './outcome';

const failedOutcome = (error_message: string): Outcome => ({
  price: null,
  currency: null,
  in_stock: null,
  confidence: null,
  error_message,
  llm_response: null,
  outcome: 'failed',
  message: error_message,
});

describe('boundedForStorage', () => {
  it('keeps the first evidence items and the start of a long analysis, saying it was cut', () => {
    const evidence = Array.from({ length: 3000 }, (_, i) => ({ tier: 'structured', where: `offer ${i}` }));
    const analysis = `# Analysis\n${'x'.repeat(MAX_ANALYSIS_CHARS * 3)}`;
    const bounded = boundedForStorage({ ...failedOutcome('none'), evidence, llm_response: analysis });

    expect(bounded.evidence).toEqual(evidence.slice(0, MAX_EVIDENCE_ITEMS));
    expect(bounded.llm_response?.startsWith('# Analysis\nxxx')).toBe(true);
    expect(bounded.llm_response?.length).toBeLessThan(MAX_ANALYSIS_CHARS + 100);
    expect(bounded.llm_response).toContain('too long to keep');
    // Far below DynamoDB's 400 KB item limit.
    expect(JSON.stringify(bounded).length).toBeLessThan(40_000);
  });

  it('leaves an ordinary outcome as it is', () => {
    const outcome = {
      ...failedOutcome('HTTP 404'),
      evidence: [{ tier: 'visible' }],
      llm_response: '# Short',
    };
    expect(boundedForStorage(outcome)).toEqual(outcome);
  });
});
