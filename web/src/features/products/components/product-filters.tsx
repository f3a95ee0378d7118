// Search box and category filter above the products table.
import type { Category } from '@cmp/shared';
import { CategoryFilter } from '../../../components/category-select';
import { SearchInput } from '../../../components/search-input';

export interface ProductFiltersProps {
  search: string;
  onSearchChange(search: string): void;
  category: string;
  onCategoryChange(category: string): void;
  categories: Category[];
}

export function ProductFilters({
  search,
  onSearchChange,
  category,
  onCategoryChange,
  categories,
}: ProductFiltersProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <SearchInput value={search} onChange={onSearchChange} />
      <div className="sm:w-56">
        <CategoryFilter value={category} onChange={onCategoryChange} categories={categories} allLabel="All" />
      </div>
    </div>
  );
}
