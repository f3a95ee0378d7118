import * as z from 'zod';

/** Path parameters holding our integer ids (`/api/products/{id}`): anything else is a 400. */
const integerId = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id')
  .transform(Number);

export const idParams = z.object({ id: integerId });
export const productIdParams = z.object({ productId: integerId });
