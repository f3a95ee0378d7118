// The AI analysis dialog (docs/screens.md#ai-price-analysis-dialog): summary, error details, the markdown
// answer, the evidence behind the price and tips on reading it.
import type { AiAnalysis, DashboardProduct } from '@cmp/shared';
import { CircleAlert } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useAiAnalysis } from '../../../api/dashboard';
import { Fact } from '../../../components/fact';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { analysisSummary, evidenceItems, safeLinkUrl, tierText } from '../utils/analysis-view';

// react-markdown and its parser load only when an answer is shown.
const AnalysisMarkdown = lazy(() => import('./analysis-markdown'));

export function AiAnalysisDialog({ product, onClose }: { product: DashboardProduct; onClose(): void }) {
  const { data, error, isLoading } = useAiAnalysis(product.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>AI Price Analysis</DialogTitle>
          <DialogDescription>
            {product.name} (SKU: {product.sku})
          </DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading analysis" />
          </div>
        ) : error ? (
          <p className="py-6 text-center text-sm text-muted-foreground">The analysis could not be loaded.</p>
        ) : data ? (
          <AnalysisDetails analysis={data} />
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">No AI analysis available</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AnalysisDetails({ analysis }: { analysis: AiAnalysis }) {
  const summary = analysisSummary(analysis);
  const evidence = evidenceItems(analysis.evidence);
  const competitorUrl = safeLinkUrl(analysis.competitor_url);
  return (
    <div className="flex flex-col gap-5">
      <Section title="Summary">
        <dl className="grid grid-cols-2 gap-3 rounded-md border p-4 text-sm sm:grid-cols-4">
          <Fact term="Price extracted">
            <span className="text-base font-semibold tabular-nums">{summary.price}</span>
          </Fact>
          <Fact term="Stock status">{summary.stock}</Fact>
          <Fact term="Confidence">{summary.confidence}</Fact>
          <Fact term="Last updated">{summary.lastUpdated}</Fact>
          <Fact term="Competitor" className="col-span-2">
            {competitorUrl ? (
              <a
                href={competitorUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-info underline-offset-4 hover:underline"
              >
                {analysis.competitor_name}
              </a>
            ) : (
              analysis.competitor_name
            )}
          </Fact>
          <Fact term="Found by" className="col-span-2">
            {tierText(analysis.tier)}
          </Fact>
        </dl>
      </Section>
      {analysis.error_message ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <div>
            <AlertTitle>Error details</AlertTitle>
            <AlertDescription className="mt-1 break-words">{analysis.error_message}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      <Section title="AI Response">
        <div className="rounded-md border p-4">
          {analysis.llm_response?.trim() ? (
            <Suspense fallback={<Spinner label="Loading analysis text" />}>
              <AnalysisMarkdown>{analysis.llm_response}</AnalysisMarkdown>
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">
              No detailed AI response was recorded for this check.
            </p>
          )}
        </div>
      </Section>
      <Section title="Evidence">
        {evidence.length === 0 ? (
          <p className="text-sm text-muted-foreground">No evidence was recorded for this price.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {evidence.map((item, index) => (
              // Evidence has no id and never reorders while shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list
              <li key={index} className="flex flex-col gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{item.source}</Badge>
                  {item.where ? <code className="rounded bg-muted px-1 text-xs">{item.where}</code> : null}
                </div>
                {item.snippet ? (
                  <p className="break-words font-mono text-xs text-muted-foreground">{item.snippet}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Usage tips">
        <ul className="ml-5 list-disc text-sm text-muted-foreground">
          <li>
            Confidence grows when independent sources on the page (structured data, visible text, the AI)
            agree.
          </li>
          <li>
            Check the evidence against the competitor page before changing a price on a low-confidence result.
          </li>
          <li>A price marked in another currency is shown but not compared with yours.</li>
          <li>Run the analysis again from the dashboard row after a competitor changes its page.</li>
        </ul>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
