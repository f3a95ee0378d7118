import { addCategory, editCategory, getCategoriesWithCounts, removeCategory } from '../catalogue/categories';
import { readEntrySettings } from '../config';
import { groupHandler } from '../http/http-handler';

readEntrySettings(process.env);

/** The categories route group. */
export const handler = groupHandler('categories', {
  'GET /api/categories': {
    cache: 'catalogue',
    run: async () => ({ body: { success: true, categories: await getCategoriesWithCounts() } }),
  },

  'POST /api/categories': async ({ body }) => ({
    status: 201,
    body: { success: true, category: await addCategory(body) },
  }),

  'PUT /api/categories/{id}': async ({ params, body }) => ({
    body: { success: true, category: await editCategory(params.id, body) },
  }),

  'DELETE /api/categories/{id}': async ({ params }) => {
    await removeCategory(params.id);
    return { body: { success: true } };
  },
});
