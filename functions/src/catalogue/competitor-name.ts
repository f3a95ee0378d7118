/** A competitor's default name: the URL's host without a leading `www.`. */
export function competitorNameFromUrl(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '') || 'Unknown Competitor';
  } catch {
    return 'Unknown Competitor';
  }
}
