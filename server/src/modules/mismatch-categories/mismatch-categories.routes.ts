import { API } from '@itms/contracts/api';
import { MISMATCH_CATEGORY_MESSAGES as M } from '@itms/contracts/mismatch-categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import {
  createMismatchCategory,
  getMismatchCategory,
  listMismatchCategories,
  mergeMismatchCategories,
  updateMismatchCategory,
} from './mismatch-categories.service';

/** Kategori BKB (admin master data): list with usage, add, rename, deactivate, merge. */
export const mismatchCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listMismatchCategories, async () => listMismatchCategories(app.db));

  route(app, API.createMismatchCategory, async (req) => {
    const id = await createMismatchCategory(app.db, currentUser(req).id, req.body.name);
    return { message: M.created, data: await getMismatchCategory(app.db, id) };
  });

  route(app, API.updateMismatchCategory, async (req) => {
    await updateMismatchCategory(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await getMismatchCategory(app.db, req.params.id) };
  });

  route(app, API.mergeMismatchCategories, async (req) => {
    const moved = await mergeMismatchCategories(
      app.db,
      currentUser(req).id,
      req.body.keep_id,
      req.body.merge_ids,
    );
    return { message: M.merged(moved), data: await getMismatchCategory(app.db, req.body.keep_id), moved };
  });
};
