import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { getNews, listNews } from './news.queries';
import { createNews, deleteNews, updateNews } from './news.service';

const M = MASTER_MESSAGES.news;

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stored = async (id: number) => {
    const row = await getNews(app.db, id);
    if (!row) throw notFound('Berita');
    return row;
  };

  route(app, API.listNews, async (req) => listNews(app.db, req.query));

  route(app, API.getNews, async (req) => stored(req.params.id));

  route(app, API.createNews, async (req) => {
    const id = await createNews(app.db, currentUser(req).id, req.body);
    return { message: M.created, data: await stored(id) };
  });

  route(app, API.updateNews, async (req) => {
    await updateNews(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await stored(req.params.id) };
  });

  route(app, API.deleteNews, async (req) => {
    await deleteNews(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
