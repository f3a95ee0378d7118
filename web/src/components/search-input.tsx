// The search box above a table, with a search icon inside it; by default the products' wording.
import { Search } from 'lucide-react';
import { Input } from './ui/input';

export function SearchInput({
  value,
  onChange,
  label = 'Search products',
  placeholder = 'Search by product name or SKU...',
}: {
  value: string;
  onChange(value: string): void;
  label?: string;
  placeholder?: string;
}) {
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
