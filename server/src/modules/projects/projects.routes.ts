import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { getProject, listProjects } from './projects.queries';
import { createProject, deleteProject, updateProject } from './projects.service';

const M = MASTER_MESSAGES.project;

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const project = async (id: number) => {
    const row = await getProject(app.db, id);
    if (!row) throw notFound('Project');
    return row;
  };

  route(app, API.listProjects, async (req) => listProjects(app.db, req.query));

  route(app, API.getProject, async (req) => project(req.params.id));

  route(app, API.createProject, async (req) => {
    const id = await createProject(app.db, currentUser(req).id, req.body);
    return { message: M.created, data: await project(id) };
  });

  route(app, API.updateProject, async (req) => {
    await updateProject(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await project(req.params.id) };
  });

  route(app, API.deleteProject, async (req) => {
    await deleteProject(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
