import { MASTER_MESSAGES, ZIdParams, ZNewsBody, ZNewsListQuery } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getNews, listNews } from './news.queries';
import { createNews, deleteNews, updateNews } from './news.service';

const M = MASTER_MESSAGES.news;

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['news'];
  const config = { roles: OFFICE };

  app.get('/news', { config, schema: { tags, querystring: ZNewsListQuery } }, async (req) =>
    listNews(app.db, req.query),
  );

  app.get('/news/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    const row = await getNews(app.db, req.params.id);
    if (!row) throw notFound('Berita');
    return row;
  });

  app.post('/news', { config, schema: { tags, body: ZNewsBody } }, async (req, reply) => {
    const id = await createNews(app.db, currentUser(req).id, req.body);
    reply.status(201);
    return { message: M.created, data: await getNews(app.db, id) };
  });

  app.put('/news/:id', { config, schema: { tags, params: ZIdParams, body: ZNewsBody } }, async (req) => {
    await updateNews(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await getNews(app.db, req.params.id) };
  });

  app.delete('/news/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    await deleteNews(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
