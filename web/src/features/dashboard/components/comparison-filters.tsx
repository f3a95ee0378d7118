// Search box, status and category selects above the comparison table, and 'Export CSV' of the rows they keep
// (docs/screens.md#4-dashboard-price-overview-tab).
import type { Category } from '@cmp/shared';
import { exportDashboardCsv } from '../../../api/dashboard';
import { CategoryFilter } from '../../../components/category-select';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { SearchInput } from '../../../components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import {
  ALL_STATUSES,
  dashboardFilters,
  type ComparisonFilters as Filters,
  STATUS_OPTIONS,
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
      <SearchInput value={filters.search} onChange={(search) => onChange({ search })} />
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
        <CategoryFilter
          value={filters.category}
          onChange={(category) => onChange({ category })}
          categories={categories}
          allLabel="All Categories"
        />
      </div>
      <ExportCsvButton
        fetchFile={() => exportDashboardCsv(dashboardFilters(filters))}
        failure="Failed to export the dashboard"
      />
    </div>
  );
}
