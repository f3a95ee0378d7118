// The category selects: a product's category in a form, and the category filter above a products table.
import type { Category } from '@cmp/shared';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../lib/category-filter';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

// Radix Select items cannot have '' as a value.
const NO_CATEGORY = 'none';

/** A product's category: `value` is a category id as text, or '' for none. */
export function CategorySelect({
  id,
  value,
  onChange,
  categories,
  disabled,
  ...aria
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  categories: readonly Category[];
  disabled?: boolean;
  /** A server message about the category (`fieldErrorProps`). */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Select
      value={value || NO_CATEGORY}
      onValueChange={(next) => onChange(next === NO_CATEGORY ? '' : next)}
      disabled={disabled}
    >
      <SelectTrigger id={id} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_CATEGORY}>No category</SelectItem>
        <CategoryItems categories={categories} />
      </SelectContent>
    </Select>
  );
}

/** `value` is ALL_CATEGORIES, UNCATEGORIZED or a category id as text. */
export function CategoryFilter({
  value,
  onChange,
  categories,
  allLabel,
}: {
  value: string;
  onChange(value: string): void;
  categories: readonly Category[];
  /** The text for 'every category', e.g. 'All'. */
  allLabel: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label="Filter by category">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_CATEGORIES}>{allLabel}</SelectItem>
        <SelectItem value={UNCATEGORIZED}>Uncategorized</SelectItem>
        <CategoryItems categories={categories} />
      </SelectContent>
    </Select>
  );
}

function CategoryItems({ categories }: { categories: readonly Category[] }) {
  return categories.map((category) => (
    <SelectItem key={category.id} value={String(category.id)}>
      {category.name}
    </SelectItem>
  ));
}
