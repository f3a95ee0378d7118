// The product form's fields as both product dialogs show them: the Products page's Create/Edit Product
// and the dashboard's edit dialog (docs/screens.md), from one list (lib/product-form-fields.ts).
import type { Category, ProductFormKind, ProductFormText } from '@cmp/shared';
import { productFormFields } from '../lib/product-form-fields';
import { CategorySelect } from './category-select';
import { invalidInput } from './form-error';
import { FormField, fieldErrorProps } from './form-field';
import { Input } from './ui/input';

const inputKinds = {
  text: {},
  money: { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' },
  // An identifier (GTIN, MPN): no spelling marks, no autofill suggestions.
  code: { autoComplete: 'off', spellCheck: false },
} as const;

export function ProductFormFields({
  kind,
  id,
  text,
  setText,
  categories,
  busy,
  errorId,
  invalidField,
  fieldErrors,
}: {
  kind: ProductFormKind;
  /** The form's id: each control's is `${id}-sku`, `${id}-price`, ... */
  id: string;
  text: ProductFormText;
  setText(update: (current: ProductFormText) => ProductFormText): void;
  categories: readonly Category[];
  /** While saving: the fields are disabled. */
  busy: boolean;
  /** The validation message's id, and the field it is about: that input is marked and described by it. */
  errorId: string;
  invalidField: string | undefined;
  /** The server's messages, by the field's API name: each shows beside its field. */
  fieldErrors: Partial<Record<string, string>>;
}) {
  const set = (field: keyof ProductFormText) => (value: string) =>
    setText((current) => ({ ...current, [field]: value }));
  return (
    // Two columns from a phone up for the identifiers (short codes side by side), so the form stays
    // as tall as before they were three; every other field a row of its own on a phone.
    <fieldset disabled={busy} className="grid grid-cols-2 gap-4">
      {productFormFields(kind).map(({ field, id: suffix, label, input, required }) => {
        const controlId = `${id}-${suffix}`;
        const serverError = fieldErrors[field];
        return input === 'category' ? (
          <FormField key={field} id={controlId} label={label} error={serverError} className="col-span-2">
            <CategorySelect
              id={controlId}
              {...fieldErrorProps(controlId, serverError)}
              value={text[field]}
              onChange={set(field)}
              categories={categories}
              disabled={busy}
            />
          </FormField>
        ) : (
          <FormField
            key={field}
            id={controlId}
            label={label}
            error={serverError}
            className={input === 'code' ? 'min-w-0' : 'col-span-2 min-w-0 sm:col-span-1'}
          >
            <Input
              id={controlId}
              {...inputKinds[input]}
              aria-required={required || undefined}
              {...fieldErrorProps(controlId, serverError)}
              {...invalidInput(errorId, invalidField === field)}
              value={text[field]}
              onChange={(event) => set(field)(event.target.value)}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
