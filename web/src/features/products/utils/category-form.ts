// The Create/Edit Category form (docs/rules.md#8-validation): name required, description null when empty.
import type { CategoryInput } from '@cmp/shared';

export type CategoryFormResult = { ok: true; input: CategoryInput } | { ok: false; error: string };

export function validateCategoryForm(values: { name: string; description: string }): CategoryFormResult {
  const name = values.name.trim();
  if (!name) return { ok: false, error: 'Category name is required' };
  const description = values.description.trim();
  return { ok: true, input: { name, description: description || null } };
}
