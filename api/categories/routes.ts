import { createCategory, deleteCategory, updateCategory } from '../../commands/categories/handlers';
import { findCategory, listCategories } from '../../projections/categories/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { ADMINISTRATORS, STAFF, SYSTEM_ADMINISTRATORS } from '../access-groups';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import {
  categoryBody,
  categoryDeleted,
  categoryIdParams,
  categoryList,
  categoryPutBody,
  categoryResponse,
  categorySaved,
} from './schemas';

/** Staff read categories for their filters; administrators edit them; only a System Administrator deletes (§2.3, §6). */

export const categoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/categories',
    summary: 'Categories, by name',
    tag: 'categories',
    access: STAFF,
    response: categoryList,
    async handler({ dependencies }) {
      return { items: await listCategories(dependencies.knex) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/categories/:id',
    summary: 'One category',
    tag: 'categories',
    access: STAFF,
    params: categoryIdParams,
    response: categoryResponse,
    async handler({ params, dependencies }) {
      const category = await findCategory(dependencies.knex, params.id);
      if (!category) throw new HttpError(404, 'CATEGORY_NOT_FOUND', 'There is no such category.');
      return category;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/categories',
    summary: 'Create a category; one marked default becomes the only default',
    tag: 'categories',
    access: ADMINISTRATORS,
    body: categoryBody,
    response: categorySaved,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const outcome = await createCategory({ ...dependencies }, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.categories);
      return { id: outcome.categoryId };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/categories/:id',
    summary:
      'Change a category; one marked default becomes the only default. Takes back what GET answered (id and timestamps are ignored)',
    tag: 'categories',
    access: ADMINISTRATORS,
    params: categoryIdParams,
    body: categoryPutBody,
    response: categorySaved,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const outcome = await updateCategory({ ...dependencies }, params.id, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.categories);
      return { id: params.id };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/categories/:id',
    summary: 'Delete a category that no calendar uses',
    tag: 'categories',
    access: SYSTEM_ADMINISTRATORS,
    params: categoryIdParams,
    response: categoryDeleted,
    async handler({ params, viewer, ctx, dependencies }) {
      const outcome = await deleteCategory({ ...dependencies }, params.id, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.categories);
      return { deleted: true };
    },
  }),
];
