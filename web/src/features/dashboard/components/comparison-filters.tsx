// Search box, status and category selects above the comparison table (spec §2 Dashboard).
import type { Category } from '@cmp/shared';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import {
  ALL_CATEGORIES,
  ALL_STATUSES,
  type ComparisonFilters as Filters,
  STATUS_OPTIONS,
  UNCATEGORIZED,
} from '../utils/comparison-view';

export function ComparisonFilters({
  filters,
  onChange,
  categories,
}: {
  filters: Filters;
  onChange(change: Partial<Filters>): void;
  categories: readonly Category[];
}) {
  return (
    <div className="flex flex-col gap-2 md:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search products"
          placeholder="Search by product name or SKU..."
          className="pl-9"
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <div className="md:w-44">
        <Select value={filters.status} onValueChange={(status) => onChange({ status })}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_STATUSES}>All Status</SelectItem>
            {STATUS_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="md:w-52">
        <Select value={filters.category} onValueChange={(category) => onChange({ category })}>
          <SelectTrigger aria-label="Filter by category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
            <SelectItem value={UNCATEGORIZED}>Uncategorized</SelectItem>
            {categories.map((category) => (
              <SelectItem key={category.id} value={String(category.id)}>
                {category.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
