// Add or edit one pricing rule (docs/screens.md#17-pricing-rules): what it applies to, the price it aims
// at, the competitors it looks at, its floor and ceiling, rounding and the largest change a step may make.
// The form checks the rule as the API does; the list is saved whole by the page.
import {
  type Category,
  PRICE_ROUNDINGS,
  PRICING_TARGETS,
  type PriceRounding,
  type PricingRule,
  type PricingTarget,
} from '@cmp/shared';
import { type ReactNode, useId, useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { invalidInput } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useSaveForm } from '../../../components/use-save-form';
import {
  type LimitKind,
  NEW_RULE,
  type RuleFormValues,
  ruleFormValues,
  validateRuleForm,
} from '../utils/rule-form';
import { ROUNDING_LABELS, TARGET_LABELS } from '../utils/rule-text';

const LIMIT_LABELS: Record<LimitKind, string> = {
  margin_percent: 'Margin over cost (%)',
  amount: 'Fixed amount',
};

/** `rule`: the rule to edit, or null for a new one; `open` false while closed. */
export function RuleDialog({
  open,
  rule,
  categories,
  onSave,
  onClose,
}: {
  open: boolean;
  rule: PricingRule | null;
  categories: readonly Category[];
  /** Saves the list with this rule in it; rejects with the server's message. */
  onSave(rule: PricingRule): Promise<unknown>;
  onClose(): void;
}) {
  return (
    <FormDialog open={open} onOpenChange={(next) => !next && onClose()} size="lg">
      <RuleForm rule={rule} categories={categories} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

function RuleForm({
  rule,
  categories,
  onSave,
  onClose,
}: {
  rule: PricingRule | null;
  categories: readonly Category[];
  onSave(rule: PricingRule): Promise<unknown>;
  onClose(): void;
}) {
  const [values, setValues] = useState<RuleFormValues>(() => (rule ? ruleFormValues(rule) : NEW_RULE));
  const set = <K extends keyof RuleFormValues>(field: K, value: RuleFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const id = useId();
  const errorId = `${id}-error`;
  const { error, invalidField, saving, submit } = useSaveForm({
    validate: () => validateRuleForm(values, rule?.id),
    save: onSave,
    success: rule ? 'Pricing rule saved' : 'Pricing rule added',
    failure: 'Failed to save pricing rules',
    onSaved: onClose,
  });
  /** The control of a field the validation message is about is marked and described by it. */
  const invalid = (field: string) => invalidInput(errorId, invalidField?.startsWith(field) === true);
  const usesBy = values.target === 'beat_lowest' || values.target === 'within_percent_of_lowest';
  // The options most rules leave as they are wait behind 'More options', open when this rule sets one.
  const [moreOpen, setMoreOpen] = useState(() => usesMoreOptions(values));
  const moreField = ['competitors', 'min_competitors', 'ceiling', 'max_change_percent'];
  if (!moreOpen && moreField.some((field) => invalidField?.startsWith(field))) setMoreOpen(true);

  return (
    <DialogForm
      title={rule ? `Edit ${rule.name}` : 'Add pricing rule'}
      description="The first rule whose products include a product suggests its price."
      error={error}
      errorId={errorId}
      busy={saving}
      submitLabel={rule ? 'Save' : 'Add'}
      onSubmit={submit}
      values={values}
    >
      <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" className="sm:col-span-2">
          <Input
            id={`${id}-name`}
            aria-required
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            {...invalid('name')}
          />
        </FormField>

        <FormField id={`${id}-scope`} label="Applies to">
          <Choice
            id={`${id}-scope`}
            value={values.scopeKind}
            onChange={(scopeKind) => set('scopeKind', scopeKind)}
            options={{ all: 'All products', categories: 'Categories', skus: 'SKUs' }}
          />
        </FormField>
        {values.scopeKind === 'skus' ? (
          <FormField id={`${id}-skus`} label="SKUs">
            <Textarea
              id={`${id}-skus`}
              rows={3}
              aria-describedby={`${id}-skus-hint`}
              value={values.skus}
              onChange={(e) => set('skus', e.target.value)}
              {...invalid('scope.skus')}
            />
            <Hint id={`${id}-skus-hint`}>One a line, or separated by commas.</Hint>
          </FormField>
        ) : values.scopeKind === 'categories' ? (
          <fieldset className="flex flex-col gap-2" {...invalid('scope.category_ids')}>
            <legend className="mb-2 text-sm font-medium">Categories</legend>
            {categories.length === 0 ? <Hint>No categories yet.</Hint> : null}
            {categories.map((category) => (
              <div key={category.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-category-${category.id}`}
                  checked={values.categoryIds.includes(category.id)}
                  onChange={(e) =>
                    set(
                      'categoryIds',
                      e.target.checked
                        ? [...values.categoryIds, category.id]
                        : values.categoryIds.filter((chosen) => chosen !== category.id),
                    )
                  }
                />
                <Label htmlFor={`${id}-category-${category.id}`}>{category.name}</Label>
              </div>
            ))}
          </fieldset>
        ) : (
          <div />
        )}

        <FormField id={`${id}-target`} label="Price target">
          <Choice
            id={`${id}-target`}
            value={values.target}
            onChange={(target: PricingTarget) => set('target', target)}
            options={Object.fromEntries(PRICING_TARGETS.map((target) => [target, TARGET_LABELS[target]]))}
          />
        </FormField>
        {usesBy ? (
          <div className="grid grid-cols-2 gap-2">
            {values.target === 'beat_lowest' ? (
              <FormField id={`${id}-by-kind`} label="Beat by">
                <Choice
                  id={`${id}-by-kind`}
                  value={values.byKind}
                  onChange={(byKind) => set('byKind', byKind)}
                  options={{ percent: 'Percent', amount: 'Amount' }}
                />
              </FormField>
            ) : null}
            <FormField
              id={`${id}-by`}
              label={values.target === 'beat_lowest' && values.byKind === 'amount' ? 'Amount' : 'Percent'}
              className={values.target === 'beat_lowest' ? '' : 'col-span-2'}
            >
              <Input
                id={`${id}-by`}
                inputMode="decimal"
                aria-required
                value={values.by}
                onChange={(e) => set('by', e.target.value)}
                {...invalid('by_')}
              />
            </FormField>
          </div>
        ) : (
          <div />
        )}

        <LimitFields
          id={`${id}-floor`}
          label="Floor"
          kind={values.floorKind}
          value={values.floor}
          onKind={(kind) => kind !== 'none' && set('floorKind', kind)}
          onValue={(value) => set('floor', value)}
          invalid={invalid('floor')}
        />
        <FormField id={`${id}-rounding`} label="Rounding">
          <Choice
            id={`${id}-rounding`}
            value={values.rounding}
            onChange={(rounding: PriceRounding) => set('rounding', rounding)}
            options={Object.fromEntries(
              PRICE_ROUNDINGS.map((rounding) => [rounding, ROUNDING_LABELS[rounding]]),
            )}
          />
        </FormField>
        <details
          className="group sm:col-span-2"
          open={moreOpen}
          onToggle={(event) => setMoreOpen(event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-medium">
            More options: competitors, ceiling, largest change
          </summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-competitors`} label="Competitors">
              <Choice
                id={`${id}-competitors`}
                value={values.competitorsKind}
                onChange={(competitorsKind) => set('competitorsKind', competitorsKind)}
                options={{ all: 'All competitors', hosts: 'Only these shops' }}
              />
            </FormField>
            {values.competitorsKind === 'hosts' ? (
              <FormField id={`${id}-hosts`} label="Shops (host names)">
                <Textarea
                  id={`${id}-hosts`}
                  rows={3}
                  aria-describedby={`${id}-hosts-hint`}
                  value={values.hosts}
                  onChange={(e) => set('hosts', e.target.value)}
                  {...invalid('competitors')}
                />
                <Hint id={`${id}-hosts-hint`}>Such as shop.example; one a line, or separated by commas.</Hint>
              </FormField>
            ) : (
              <div />
            )}

            <FormField id={`${id}-min`} label="Least number of competitors">
              <Input
                id={`${id}-min`}
                inputMode="numeric"
                value={values.minCompetitors}
                onChange={(e) => set('minCompetitors', e.target.value)}
                {...invalid('min_competitors')}
              />
            </FormField>
            <div className="flex items-center gap-2 sm:mt-7">
              <Checkbox
                id={`${id}-stock`}
                checked={values.inStockOnly}
                onChange={(e) => set('inStockOnly', e.target.checked)}
              />
              <Label htmlFor={`${id}-stock`}>In-stock offers only</Label>
            </div>

            <LimitFields
              id={`${id}-ceiling`}
              label="Ceiling"
              kind={values.ceilingKind}
              value={values.ceiling}
              onKind={(kind) => set('ceilingKind', kind)}
              onValue={(value) => set('ceiling', value)}
              invalid={invalid('ceiling')}
              optional
            />

            <FormField id={`${id}-max-change`} label="Largest change a step (%)">
              <Input
                id={`${id}-max-change`}
                inputMode="decimal"
                aria-describedby={`${id}-max-change-hint`}
                value={values.maxChangePercent}
                onChange={(e) => set('maxChangePercent', e.target.value)}
                {...invalid('max_change_percent')}
              />
              <Hint id={`${id}-max-change-hint`}>Empty: no limit.</Hint>
            </FormField>
          </div>
        </details>
      </fieldset>
    </DialogForm>
  );
}

/** Whether a rule sets any of the options behind 'More options'. */
const usesMoreOptions = (values: RuleFormValues) =>
  values.competitorsKind !== 'all' ||
  values.inStockOnly ||
  values.minCompetitors.trim() !== '1' ||
  values.ceilingKind !== 'none' ||
  values.maxChangePercent.trim() !== '';

/** A floor or ceiling: its kind (a ceiling may have none) and its value. */
function LimitFields({
  id,
  label,
  kind,
  value,
  onKind,
  onValue,
  invalid,
  optional = false,
}: {
  id: string;
  label: string;
  kind: LimitKind | 'none';
  value: string;
  onKind(kind: LimitKind | 'none'): void;
  onValue(value: string): void;
  invalid: object;
  optional?: boolean;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <FormField id={`${id}-kind`} label={label}>
        <Choice
          id={`${id}-kind`}
          value={kind}
          onChange={onKind}
          options={optional ? { none: 'None', ...LIMIT_LABELS } : LIMIT_LABELS}
        />
      </FormField>
      {kind === 'none' ? null : (
        <FormField id={id} label={kind === 'amount' ? `${label} amount` : `${label} margin (%)`}>
          <Input
            id={id}
            inputMode="decimal"
            aria-required
            value={value}
            onChange={(e) => onValue(e.target.value)}
            {...invalid}
          />
        </FormField>
      )}
    </div>
  );
}

/** A select over a fixed set of values with their labels. */
function Choice<V extends string>({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: V;
  onChange(value: V): void;
  options: Partial<Record<V, string>>;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.entries(options) as [V, string][]).map(([option, label]) => (
          <SelectItem key={option} value={option}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}
