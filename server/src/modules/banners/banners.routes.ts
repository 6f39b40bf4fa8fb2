import { MASTER_MESSAGES, ZBannerBody, ZBannerListQuery, ZIdParams } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getBanner, listBanners } from './banners.queries';
import { createBanner, deleteBanner, updateBanner } from './banners.service';

const M = MASTER_MESSAGES.banner;

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['banner'];
  const config = { roles: OFFICE };

  app.get('/banners', { config, schema: { tags, querystring: ZBannerListQuery } }, async (req) =>
    listBanners(app.db, req.query),
  );

  app.get('/banners/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    const row = await getBanner(app.db, req.params.id);
    if (!row) throw notFound('Banner');
    return row;
  });

  app.post('/banners', { config, schema: { tags, body: ZBannerBody } }, async (req, reply) => {
    const id = await createBanner(app.db, currentUser(req).id, req.body);
    reply.status(201);
    return { message: M.created, data: await getBanner(app.db, id) };
  });

  app.put('/banners/:id', { config, schema: { tags, params: ZIdParams, body: ZBannerBody } }, async (req) => {
    await updateBanner(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await getBanner(app.db, req.params.id) };
  });

  app.delete('/banners/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    await deleteBanner(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
