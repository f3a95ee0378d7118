// The dashboard's suggested prices (docs/screens.md#suggested-prices): shown once pricing rules exist, for
// the products of the page on screen; admins select rows and apply their suggestions, or one row's.
import type { DashboardProduct, PriceSuggestion } from '@cmp/shared';
import { useCallback, useMemo, useState } from 'react';
import { applySuggestions, usePageSuggestions, usePricingRules } from '../../../api/pricing';
import { notifyError, notifySuccess } from '../../../lib/notify';

export interface SuggestionActions {
  onSelect(product: DashboardProduct, selected: boolean): void;
  onApply(product: DashboardProduct): void;
}

/** What every row's Suggested cell shares: kept by the page, so memoised rows stay put. */
export interface SuggestionContext {
  canApply: boolean;
  applying: boolean;
  actions: SuggestionActions;
}

export interface PageSuggestions {
  /** False without pricing rules: the dashboard then has no Suggested column. */
  shown: boolean;
  /** By product id; undefined while loading. */
  byProduct: ReadonlyMap<number, PriceSuggestion> | undefined;
  /** The rows on the page chosen for 'Apply selected'. */
  selected: ReadonlySet<number>;
  /** True while an apply is on its way. */
  applying: boolean;
  selectAll(selected: boolean): void;
  applySelected(): void;
  /** What each row's Suggested cell shares. */
  context: SuggestionContext;
}

/** Rows whose suggestion would change their price: the ones that can be selected. */
export const canApplyTo = (suggestion: PriceSuggestion | undefined): suggestion is PriceSuggestion =>
  suggestion !== undefined && suggestion.suggested_price !== null && suggestion.change !== 0;

export function useDashboardSuggestions(
  rows: readonly DashboardProduct[] | undefined,
  canApply: boolean,
): PageSuggestions {
  const rules = usePricingRules();
  const shown = (rules.data?.length ?? 0) > 0;
  const shownRows = shown && rows ? rows : null;
  const byProduct = usePageSuggestions(shownRows).data;
  const ids = useMemo(() => shownRows?.map((row) => row.id) ?? null, [shownRows]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [applying, setApplying] = useState(false);
  // Only rows on this page that can still be applied count as selected.
  const selected = useMemo(
    () => new Set([...chosen].filter((id) => ids?.includes(id) && canApplyTo(byProduct?.get(id)))),
    [chosen, ids, byProduct],
  );

  const apply = useCallback(async (productIds: readonly number[]) => {
    setApplying(true);
    try {
      const answer = await applySuggestions(productIds);
      if (answer.applied > 0)
        notifySuccess(`Applied ${answer.applied} suggested ${answer.applied === 1 ? 'price' : 'prices'}`);
      const [first] = answer.errors;
      if (first)
        notifyError(
          null,
          `${answer.errors.length} not applied: ${first.error}${answer.errors.length > 1 ? ' (and more)' : ''}`,
        );
      setChosen(new Set());
    } catch (error) {
      notifyError(error, 'Failed to apply suggested prices');
    } finally {
      setApplying(false);
    }
  }, []);

  const actions = useMemo<SuggestionActions>(
    () => ({
      onSelect: (product, on) =>
        setChosen((current) => {
          const next = new Set(current);
          if (on) next.add(product.id);
          else next.delete(product.id);
          return next;
        }),
      onApply: (product) => void apply([product.id]),
    }),
    [apply],
  );

  const context = useMemo(() => ({ canApply, applying, actions }), [canApply, applying, actions]);

  return {
    shown,
    byProduct,
    selected,
    applying,
    context,
    selectAll: (on) =>
      setChosen(on ? new Set((ids ?? []).filter((id) => canApplyTo(byProduct?.get(id)))) : new Set()),
    applySelected: () => void apply([...selected]),
  };
}
