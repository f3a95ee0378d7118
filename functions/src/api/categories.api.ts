import { categoryInputSchema } from '@cmp/shared';
import { addCategory, editCategory, getCategoriesWithCounts, removeCategory } from '../catalogue/categories';
import { defineRoute, groupHandler } from '../http/http-handler';
import { idParams } from '../http/params';

/** The categories route group. */
export const handler = groupHandler('categories', {
  'GET /api/categories': defineRoute({ cache: 'catalogue' }, async () => ({
    body: { success: true, categories: await getCategoriesWithCounts() },
  })),

  'POST /api/categories': defineRoute({ body: categoryInputSchema }, async ({ body }) => ({
    status: 201,
    body: { success: true, category: await addCategory(body) },
  })),

  'PUT /api/categories/{id}': defineRoute(
    { params: idParams, body: categoryInputSchema },
    async ({ params, body }) => ({
      body: { success: true, category: await editCategory(params.id, body) },
    }),
  ),

  'DELETE /api/categories/{id}': defineRoute({ params: idParams }, async ({ params }) => {
    await removeCategory(params.id);
    return { body: { success: true } };
  }),
});
