/** The scraper API's shapes (docs/api.md#shapes: ScraperStatus, ScraperLog, ScraperStats). */
export type ScraperRunStatus = 'running' | 'completed' | 'failed' | 'stopped';

export interface ScraperLog {
  id: string;
  started_at: string;
  completed_at: string | null;
  /** 'manual', or anything else (shown as Auto): 'schedule' for scheduled runs. */
  triggered_by: string;
  status: ScraperRunStatus;
  total_urls: number;
  successful_urls: number;
  failed_urls: number;
  /** Set when the run checked one product's URLs only (the dashboard's AI analysis). */
  product_id: number | null;
  error_message: string | null;
}

export interface ScraperStatus {
  is_running: boolean;
  total_competitor_urls: number;
  latest_log: ScraperLog | null;
  current_stats: { successful_urls: number; failed_urls: number; total_urls: number };
}

export interface ScraperStats {
  scraping_sessions_last_30_days: number;
  total_scrapes_last_30_days: number;
  successful_scrapes_last_30_days: number;
  failed_scrapes_last_30_days: number;
  success_rate_percentage: number;
}
