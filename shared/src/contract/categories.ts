import * as z from 'zod';
import { categoryInputSchema, categorySchema } from '../catalogue';
import { defineRoutes, errors, idParams, successSchema } from './route';

const categoryAnswer = z.strictObject({ success: z.literal(true), category: categorySchema });

export const categoryRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/categories',
    summary: 'Every category with its number of products',
    request: {},
    responses: {
      200: z.strictObject({ success: z.literal(true), categories: z.array(categorySchema) }),
      ...errors(401, 406, 500),
    },
  },
  {
    method: 'POST',
    path: '/api/categories',
    summary: 'Add a category',
    request: { body: categoryInputSchema },
    responses: { 201: categoryAnswer, ...errors(400, 401, 409, 415, 500) },
  },
  {
    method: 'PUT',
    path: '/api/categories/{id}',
    summary: 'Change a category',
    request: { params: idParams, body: categoryInputSchema },
    responses: { 200: categoryAnswer, ...errors(400, 401, 404, 409, 415, 500) },
  },
  {
    method: 'DELETE',
    path: '/api/categories/{id}',
    summary: 'Delete a category; its products keep no category',
    request: { params: idParams },
    responses: { 200: successSchema, ...errors(400, 401, 404, 409, 500) },
  },
);
