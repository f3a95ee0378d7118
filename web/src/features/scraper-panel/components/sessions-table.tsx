// 'Recent Check My Price Sessions': the latest 10 runs (docs/screens.md#sessions-table); under Results, the
// failed checks by cause.
import { formatDateTime, type ScraperLog } from '@cmp/shared';
import { LoaderCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import {
  failureBreakdownText,
  llmLossText,
  sessionDuration,
  sessionResults,
  sessionStatusBadge,
  sessionSuccessRate,
  triggerLabel,
} from '../utils/session-view';

export function SessionsTable({ logs, failed }: { logs: ScraperLog[] | undefined; failed: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Recent Check My Price Sessions
        </CardTitle>
      </CardHeader>
      <CardContent>
        {logs === undefined ? (
          failed ? (
            <p className="py-6 text-center text-sm text-muted-foreground">Sessions could not be loaded.</p>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner label="Loading sessions" />
            </div>
          )
        ) : logs.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No scraping sessions found</p>
        ) : (
          <Table label="Scraping sessions">
            <TableHeader>
              <TableRow>
                <TableHead>Started</TableHead>
                <TableHead>Trigger</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Results</TableHead>
                <TableHead className="text-right">Success Rate</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {logs.map((log) => (
                <SessionRow key={log.id} log={log} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ log }: { log: ScraperLog }) {
  const badge = sessionStatusBadge(log.status);
  const trigger = triggerLabel(log.triggered_by);
  const breakdown = failureBreakdownText(log.outcome_counts);
  const llmLoss = llmLossText(log.llm);
  return (
    <TableRow>
      <TableCell>{formatDateTime(log.started_at)}</TableCell>
      <TableCell>
        <Badge variant={trigger === 'Manual' ? 'secondary' : 'outline'}>{trigger}</Badge>
      </TableCell>
      <TableCell>
        <Badge variant={badge.tone}>
          {log.status === 'running' ? (
            <LoaderCircle className="size-3 animate-spin" aria-hidden="true" />
          ) : null}
          {badge.label}
        </Badge>
      </TableCell>
      <TableCell className="tabular-nums">{sessionDuration(log)}</TableCell>
      <TableCell className="tabular-nums">
        {sessionResults(log)}
        {breakdown ? <p className="text-xs text-muted-foreground">{breakdown}</p> : null}
        {llmLoss ? <p className="text-xs text-warning">{llmLoss}</p> : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{sessionSuccessRate(log)}</TableCell>
    </TableRow>
  );
}
