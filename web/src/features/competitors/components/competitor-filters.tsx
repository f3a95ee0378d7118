// Search box and the latest-check filter above the competitor URLs table (docs/screens.md#8-competitors-page).
import { SearchInput } from '../../../components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import {
  ALL_CHECKS,
  type CompetitorFilters as Filters,
  OUTCOME_FILTER_OPTIONS,
} from '../utils/competitor-list';

export function CompetitorFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange(change: Partial<Filters>): void;
}) {
  return (
    <div className="flex flex-col gap-2 md:flex-row">
      <SearchInput
        value={filters.search}
        onChange={(search) => onChange({ search })}
        label="Search competitor URLs"
        placeholder="Search by product, SKU, competitor or host..."
      />
      <div className="md:w-52">
        <Select value={filters.outcome} onValueChange={(outcome) => onChange({ outcome })}>
          <SelectTrigger aria-label="Filter by last check">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CHECKS}>All checks</SelectItem>
            {OUTCOME_FILTER_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
