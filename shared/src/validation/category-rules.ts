// The category rules (categoryInputSchema) as the Create/Edit Category dialog applies them.
import type * as z from 'zod';
import { categoryInputSchema } from '../catalogue';
import { checkForm, type FormCheck, given } from './form-check';

/** Name required; an empty description is sent as null. */
export const checkCategoryForm = (text: {
  name: string;
  description: string;
}): FormCheck<z.output<typeof categoryInputSchema>> =>
  checkForm(
    categoryInputSchema,
    { name: text.name, description: given(text.description) },
    { required: ['name'], requiredMessage: 'Category name is required', invalid: {} },
  );
