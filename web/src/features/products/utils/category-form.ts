// The Create/Edit Category form (docs/rules.md#8-validation): the shared rules (checkCategoryForm).
import { type CategoryInput, checkCategoryForm } from '@cmp/shared';

export type CategoryFormResult = { ok: true; input: CategoryInput } | { ok: false; error: string };

export function validateCategoryForm(values: { name: string; description: string }): CategoryFormResult {
  const checked = checkCategoryForm(values);
  return checked.ok ? { ok: true, input: checked.value } : checked;
}
