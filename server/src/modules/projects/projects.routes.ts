import { MASTER_MESSAGES, ZIdParams, ZProjectBody, ZProjectListQuery } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getProject, listProjects } from './projects.queries';
import { createProject, deleteProject, updateProject } from './projects.service';

const M = MASTER_MESSAGES.project;

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['project'];
  const config = { roles: OFFICE };

  app.get('/project', { config, schema: { tags, querystring: ZProjectListQuery } }, async (req) =>
    listProjects(app.db, req.query),
  );

  app.get('/project/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    const row = await getProject(app.db, req.params.id);
    if (!row) throw notFound('Project');
    return row;
  });

  app.post('/project', { config, schema: { tags, body: ZProjectBody } }, async (req, reply) => {
    const id = await createProject(app.db, currentUser(req).id, req.body);
    reply.status(201);
    return { message: M.created, data: await getProject(app.db, id) };
  });

  app.put(
    '/project/:id',
    { config, schema: { tags, params: ZIdParams, body: ZProjectBody } },
    async (req) => {
      await updateProject(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: M.updated, data: await getProject(app.db, req.params.id) };
    },
  );

  app.delete('/project/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    await deleteProject(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
