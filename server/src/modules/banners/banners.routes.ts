import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { getBanner, listBanners } from './banners.queries';
import { createBanner, deleteBanner, updateBanner } from './banners.service';

const M = MASTER_MESSAGES.banner;

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  const stored = async (id: number) => {
    const row = await getBanner(app.db, id);
    if (!row) throw notFound('Banner');
    return row;
  };

  route(app, API.listBanners, async (req) => listBanners(app.db, req.query));

  route(app, API.getBanner, async (req) => stored(req.params.id));

  route(app, API.createBanner, async (req) => {
    const id = await createBanner(app.db, currentUser(req).id, req.body);
    return { message: M.created, data: await stored(id) };
  });

  route(app, API.updateBanner, async (req) => {
    await updateBanner(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await stored(req.params.id) };
  });

  route(app, API.deleteBanner, async (req) => {
    await deleteBanner(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
