/**
 * `npm run bench:extract`: runs the structured and heuristic tiers (no LLM) over the benchmark corpus
 * in functions/test/corpus (ground truth corrected on 2026-11-23) and prints price precision / recall / F1, availability F1, the
 * count of pages per check outcome, the share of pages that would need the LLM tier, the mean reduced-prompt size and pages per second.
 * `--verbose` lists each page's outcome.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { DECISION_BASES } from './extract/confidence';
import { analysePage, pageOutcome, reducedSize } from './extract/extract-page';
import { canonicalAmount } from './extract/price-parse';
import { decodeHtml } from './fetch/decode-html';
import { corpusDir } from './test-support/corpus';

const truthSchema = z.record(
  z.string(),
  z.object({
    url: z.string(),
    price: z.array(z.string()).optional(),
    availability: z.array(z.string()).optional(),
  }),
);

interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

function scores({ tp, fp, fn }: Tally) {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Scores one prediction per the corpus README: a wrong answer is a false positive and, where a value exists, a false negative. */
function tally(t: Tally, predicted: string | null, accepted: readonly string[]): 'tp' | 'fp' | 'fn' | 'tn' {
  if (predicted === null) {
    if (accepted.length === 0) return 'tn';
    t.fn++;
    return 'fn';
  }
  if (accepted.includes(predicted)) {
    t.tp++;
    return 'tp';
  }
  t.fp++;
  if (accepted.length > 0) t.fn++;
  return 'fp';
}

/**
 * True when the annotation wrote a thousands separator as a decimal point ('$3.340' CLP annotated as
 * 3.34 while the page means 3340). Reported, never counted as correct.
 */
function readsAsThousands(annotated: string, predicted: string): boolean {
  const value = Number(annotated);
  return value < 1000 && Math.round(value * 1000) === Number(predicted);
}

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const truth = truthSchema.parse(JSON.parse(await readFile(join(corpusDir, 'ground-truth.json'), 'utf8')));
  const pages = await Promise.all(
    Object.entries(truth).map(async ([id, t]) => ({
      id,
      truth: t,
      html: decodeHtml(gunzipSync(await readFile(join(corpusDir, `${id}.html.gz`)))),
    })),
  );
  const price: Tally = { tp: 0, fp: 0, fn: 0 };
  const stock: Tally = { tp: 0, fp: 0, fn: 0 };
  let separatorQuirks = 0;
  let needsLlm = 0;
  let promptChars = 0;
  let promptTokens = 0;
  const outcomes = new Map<string, number>();
  const bases = new Map<string, number>();
  const cpuMs: number[] = [];
  let peakRss = process.memoryUsage().rss;
  const baseRss = peakRss;
  const started = performance.now();
  for (const page of pages) {
    const cpuBefore = process.cpuUsage();
    const analysis = analysePage(page.html, page.truth.url);
    const cpu = process.cpuUsage(cpuBefore);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const chosen = analysis.decision.chosen;
    const predicted = chosen ? canonicalAmount(chosen.amount) : null;
    const accepted = (page.truth.price ?? []).map((p) => canonicalAmount(p.trim()));
    const outcome = tally(price, predicted, accepted);
    if (outcome === 'fp' && predicted && accepted.some((a) => readsAsThousands(a, predicted)))
      separatorQuirks++;
    const stockPredicted =
      analysis.stock === 'in_stock' ? 'InStock' : analysis.stock === 'out_of_stock' ? 'OutOfStock' : null;
    const stockOutcome = tally(stock, stockPredicted, page.truth.availability ?? []);
    if (analysis.needsLlm) needsLlm++;
    const { outcome: checkOutcome } = pageOutcome(analysis);
    outcomes.set(checkOutcome, (outcomes.get(checkOutcome) ?? 0) + 1);
    bases.set(analysis.decision.basis, (bases.get(analysis.decision.basis) ?? 0) + 1);
    const size = reducedSize(analysis);
    promptChars += size.chars;
    promptTokens += size.tokens;
    if (verbose) {
      const where = chosen ? `${chosen.source}: ${chosen.where}` : analysis.decision.notes.at(-1);
      console.log(
        `${outcome.padEnd(2)} ${page.id.slice(0, 8)} got=${predicted ?? '-'} want=${accepted.join('|') || '-'} conf=${analysis.decision.confidence} stock=${stockOutcome} ${new URL(page.truth.url).host} ${where}`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const p = scores(price);
  const s = scores(stock);
  const fmt = (x: number) => x.toFixed(3);
  console.log(`pages                 ${pages.length}`);
  console.log(`price precision       ${fmt(p.precision)}  (tp ${price.tp}, fp ${price.fp}, fn ${price.fn})`);
  console.log(`price recall          ${fmt(p.recall)}`);
  console.log(`price F1              ${fmt(p.f1)}   (published: Zyte 0.918, Diffbot 0.824, extruct 0.685)`);
  console.log(
    `                      ${separatorQuirks} false positive(s) equal the annotation with its '.' read as a thousands separator`,
  );
  console.log(`availability F1       ${fmt(s.f1)}  (precision ${fmt(s.precision)}, recall ${fmt(s.recall)})`);
  const perOutcome = [...outcomes].sort((a, b) => b[1] - a[1]).map(([o, n]) => `${o} ${n}`);
  console.log(`pages per outcome     ${perOutcome.join(', ')}`);
  // Every kind, the ones no corpus page came to as well: a rule that never fires shows as 0.
  const perBasis = DECISION_BASES.filter((b) => b !== 'pinned' && b !== 'pin-gone').map(
    (b) => `${b} ${bases.get(b) ?? 0}`,
  );
  console.log(`price decided by      ${perBasis.join(', ')}`);
  console.log(`needs LLM tier        ${((needsLlm / pages.length) * 100).toFixed(1)}% of pages`);
  console.log(
    `mean reduced prompt   ${Math.round(promptChars / pages.length)} chars (~${Math.round(promptTokens / pages.length)} tokens)`,
  );
  console.log(`speed                 ${(pages.length / seconds).toFixed(1)} pages/s`);
  printLambdaSizing(cpuMs, baseRss, peakRss, Math.max(...pages.map((page) => page.html.length)));
}

/** Lambda's CPU share grows with memory: one vCPU at 1,769 MB (AWS's documented ratio). */
const MB_PER_VCPU = 1769;

/**
 * What ScrapeUrl's memory setting means for extraction: this machine's CPU time per page, scaled
 * to the CPU share of each size (assuming one of this machine's cores is about one Graviton vCPU),
 * and the memory the parse needed at most.
 */
function printLambdaSizing(cpuMs: number[], baseRss: number, peakRss: number, largestChars: number): void {
  const sorted = [...cpuMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const [p50, p95, max] = [at(0.5), at(0.95), sorted.at(-1) ?? 0];
  console.log(
    `CPU per page          p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
  );
  for (const memory of [512, 1024]) {
    const share = memory / MB_PER_VCPU;
    console.log(
      `  at ${String(memory).padStart(4)} MB Lambda  ${share.toFixed(2)} vCPU: extraction p50 ${(p50 / share).toFixed(0)} ms, p95 ${(p95 / share).toFixed(0)} ms, max ${(max / share).toFixed(0)} ms of wall time`,
    );
  }
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `memory                RSS ${mb(baseRss)} MB with the corpus loaded, at most ${mb(peakRss)} MB while extracting (largest page ${(largestChars / 1024).toFixed(0)} K chars)`,
  );
}

await main();
