// The Pricing rules page (docs/screens.md#17-pricing-rules): the ordered rules, each in words with how many
// of today's products it would move up or down; admins add, edit, reorder and delete them (each change
// saves the whole list), staff read them.
import type { PricingRule, RulePreview } from '@cmp/shared';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCategories } from '../../../api/categories';
import { savePricingRules, usePricingRules, useRulesPreview } from '../../../api/pricing';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { IconAction } from '../../../components/icon-action';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { shopCurrency } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { competitorsText, limitText, ROUNDING_LABELS, scopeText, targetText } from '../utils/rule-text';
import { ComparisonCard } from './comparison-card';
import { ExchangeRatesCard } from './exchange-rates-card';
import { RuleDialog } from './rule-dialog';

/** Which rule the dialog edits: its place, or 'new'. */
type Editing = number | 'new' | null;

export function PricingRulesView({ canEdit }: { canEdit: boolean }) {
  const rules = usePricingRules();
  const categories = useCategories().data ?? [];
  const preview = useRulesPreview(rules.data ?? null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = rules.data ?? [];
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  const currency = shopCurrency();

  /** Saves the list changed by `change`; the page shows the saved list. */
  const saveWith = (change: (current: PricingRule[]) => PricingRule[]) => savePricingRules(change([...list]));
  const move = async (index: number, by: -1 | 1) => {
    try {
      await saveWith((current) => {
        const [rule] = current.splice(index, 1);
        if (rule) current.splice(index + by, 0, rule);
        return current;
      });
      notifySuccess('Pricing rules reordered');
    } catch (error) {
      notifyError(error, 'Failed to save pricing rules');
    }
  };

  return (
    <>
      <PageHeader
        title="Pricing rules"
        description="Each product's suggested price comes from the first rule that applies to it, worked out from the competitor prices the dashboard compares."
        actions={canEdit ? <Button onClick={() => setEditing('new')}>Add rule</Button> : null}
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {!rules.data ? (
            <LoadingOrError
              error={rules.error}
              what="Pricing rules"
              loadingLabel="Loading pricing rules"
              onRetry={() => void rules.mutate()}
            />
          ) : list.length === 0 ? (
            <EmptyState
              title="No pricing rules yet"
              hint={
                canEdit
                  ? 'Add a rule to see suggested prices on the dashboard.'
                  : 'An administrator adds the rules that suggest prices.'
              }
            />
          ) : (
            <>
              <Table label="Pricing rules">
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-8">#</TableHead>
                    <TableHead sticky>Rule</TableHead>
                    <TableHead>Target</TableHead>
                    <TableHead>Competitors</TableHead>
                    <TableHead>Floor</TableHead>
                    <TableHead>Ceiling</TableHead>
                    <TableHead>Rounding</TableHead>
                    <TableHead>Would move</TableHead>
                    {canEdit ? (
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((rule, index) => (
                    <TableRow key={rule.id}>
                      <TableCell className="tabular-nums">{index + 1}</TableCell>
                      <TableCell sticky>
                        <p className="font-medium">{rule.name}</p>
                        <p className="text-xs text-muted-foreground">
                          {scopeText(rule.scope, categoryNames)}
                        </p>
                      </TableCell>
                      <TableCell>
                        {targetText(rule, currency)}
                        {rule.max_change_percent !== null ? (
                          <p className="text-xs text-muted-foreground">
                            at most {rule.max_change_percent} % a step
                          </p>
                        ) : null}
                      </TableCell>
                      <TableCell>{competitorsText(rule)}</TableCell>
                      <TableCell className="whitespace-nowrap">{limitText(rule.floor, currency)}</TableCell>
                      <TableCell className="whitespace-nowrap">{limitText(rule.ceiling, currency)}</TableCell>
                      <TableCell className="whitespace-nowrap">{ROUNDING_LABELS[rule.rounding]}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <PreviewText
                          counts={preview.data?.preview[index]}
                          failed={preview.error !== undefined}
                        />
                      </TableCell>
                      {canEdit ? (
                        <TableCell>
                          <div className="flex">
                            <IconAction
                              label={`Move ${rule.name} up`}
                              tip="Move up"
                              disabled={index === 0}
                              onClick={() => void move(index, -1)}
                            >
                              <ArrowUp aria-hidden="true" />
                            </IconAction>
                            <IconAction
                              label={`Move ${rule.name} down`}
                              tip="Move down"
                              disabled={index === list.length - 1}
                              onClick={() => void move(index, 1)}
                            >
                              <ArrowDown aria-hidden="true" />
                            </IconAction>
                            <IconAction
                              label={`Edit ${rule.name}`}
                              tip="Edit"
                              onClick={() => setEditing(index)}
                            >
                              <Pencil aria-hidden="true" />
                            </IconAction>
                            <IconAction
                              label={`Delete ${rule.name}`}
                              tip="Delete"
                              onClick={() => setDeleting(index)}
                            >
                              <Trash2 aria-hidden="true" />
                            </IconAction>
                          </div>
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <p className="text-sm text-muted-foreground">
                {preview.data
                  ? `${preview.data.unmatched} ${preview.data.unmatched === 1 ? 'product is' : 'products are'} under no rule.`
                  : null}
              </p>
            </>
          )}
        </CardContent>
      </Card>
      <ComparisonCard canEdit={canEdit} />
      <ExchangeRatesCard canEdit={canEdit} />
      {canEdit ? (
        <>
          <RuleDialog
            open={editing !== null}
            rule={typeof editing === 'number' ? (list[editing] ?? null) : null}
            categories={categories}
            onSave={(rule) =>
              saveWith((current) => {
                if (typeof editing === 'number') current.splice(editing, 1, rule);
                else current.push(rule);
                return current;
              })
            }
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={`Delete ${deleting === null ? 'rule' : (list[deleting]?.name ?? 'rule')}?`}
            description="Products under it fall to the next rule that applies, or get no suggestion."
            onConfirm={async () => {
              const index = deleting;
              if (index === null) return true;
              try {
                await saveWith((current) => current.filter((_, at) => at !== index));
                notifySuccess('Pricing rule deleted');
                return true;
              } catch (error) {
                notifyError(error, 'Failed to save pricing rules');
                return false;
              }
            }}
          />
        </>
      ) : null}
    </>
  );
}

/** '3 up · 12 down · 4 unchanged · 2 without a suggestion', from today's products. */
function PreviewText({ counts, failed }: { counts: RulePreview | undefined; failed: boolean }) {
  if (!counts)
    return <span className="text-muted-foreground">{failed ? 'Not available' : 'Working out…'}</span>;
  const parts = [
    `${counts.up} up`,
    `${counts.down} down`,
    `${counts.none} unchanged`,
    ...(counts.no_suggestion > 0 ? [`${counts.no_suggestion} without a suggestion`] : []),
  ];
  return <span>{parts.join(' · ')}</span>;
}
