import type { AiAnalysis } from '@cmp/shared';
import { requireProduct } from '../catalogue/products';
import { listCompetitorUrlsOfProduct } from '../data/competitor-url.repository';
import { latestPriceRecords, type PriceRecordItem } from '../data/price-record.repository';

/** The latest result record among the product's competitor URLs: one query per URL, newest first. */
export async function getLatestAiAnalysis(productId: number): Promise<AiAnalysis | null> {
  await requireProduct(productId);
  const urls = await listCompetitorUrlsOfProduct(productId);
  const latest = (await Promise.all(urls.map((url) => latestPriceRecords(url.id, 1))))
    .flat()
    .sort((a, b) => b.scraped_at.localeCompare(a.scraped_at))[0];
  return latest ? toAnalysis(latest) : null;
}

function toAnalysis(record: PriceRecordItem): AiAnalysis {
  return {
    competitor_name: record.competitor_name,
    competitor_url: record.competitor_url,
    price: record.price,
    currency: record.currency,
    in_stock: record.in_stock,
    confidence: record.confidence,
    scraped_at: record.scraped_at,
    error_message: record.error_message,
    ungrounded: record.ungrounded ?? false,
    outcome: record.outcome,
    message: record.message,
    llm_response: record.llm_response,
    evidence: record.evidence ?? [],
    tier: record.tier ?? null,
  };
}
