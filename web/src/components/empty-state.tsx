// The message a table shows instead of rows (e.g. 'No products found' + a hint).
export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-1 py-12 text-center">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/** A products table without rows: no products at all (`hint` says how to add some), or none pass the filters. */
export function NoProducts({ filteredOut, hint }: { filteredOut: boolean; hint: string }) {
  return filteredOut ? (
    <EmptyState title="No products match your filters" hint="Try adjusting your search or filter criteria" />
  ) : (
    <EmptyState title="No products found" hint={hint} />
  );
}
