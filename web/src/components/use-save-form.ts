// The submit of a Create/Edit dialog: the validation message, or the save with the form disabled and a
// toast; the dialog closes only after a save, so a failed one can be corrected and sent again. A refusal
// about a field the form shows is also shown beside that field, any other refusal above the form.
import type { FormCheck } from '@cmp/shared';
import { type FormEvent, useState } from 'react';
import { formErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';

export interface SaveFormOptions<Input> {
  validate(): FormCheck<Input>;
  save(input: Input): Promise<unknown>;
  /** The success toast, e.g. 'Product created successfully'. */
  success: string;
  /** The failure toast when the server sent no message, e.g. 'Failed to save product'. */
  failure: string;
  /** After the success toast: reload what changed and close the dialog. */
  onSaved(): void;
  /** The API names of the fields the form shows a control for (`sku`, `current_price`). */
  fields?: readonly string[];
}

export function useSaveForm<Input>({
  validate,
  save,
  success,
  failure,
  onSaved,
  fields = [],
}: SaveFormOptions<Input>) {
  const [error, setError] = useState<string | null>(null);
  /** The field the validation message is about (a check's `field`), so its input can be marked. */
  const [invalidField, setInvalidField] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    const result = validate();
    setInvalidField(result.ok ? undefined : result.field);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await save(result.value);
      notifySuccess(success);
      onSaved();
    } catch (caught) {
      notifyError(caught, failure);
      const shown = formErrors(caught, fields);
      setFieldErrors(shown.fields);
      setError(shown.general);
      setSaving(false);
    }
  };

  return { error, invalidField, fieldErrors, saving, submit };
}
