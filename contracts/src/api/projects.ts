import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZDeletedReply,
  ZIdParams,
  ZProjectBody,
  ZProjectList,
  ZProjectListQuery,
  ZProjectReply,
  ZProjectRow,
} from '../master-data';

/** Error codes of the projects operations beyond the generic ones. */
export const projectsErrors = defineErrors({
  /** Units still belong to the project: it cannot be deleted. */
  PROJECT_IN_USE: 409,
  /** Checks, replacements or BKB cite the project: it cannot be deleted. */
  PROJECT_HAS_HISTORY: 409,
});

const tag = 'projects';

export const projectsEndpoints = defineEndpoints({
  listProjects: {
    method: 'GET',
    path: '/project',
    summary: 'Projects with their customer and unit count, paged; q matches project or customer name.',
    tag,
    access: 'office',
    query: ZProjectListQuery,
    reply: ZProjectList,
  },
  getProject: {
    method: 'GET',
    path: '/project/:id',
    summary: 'One project with its customer and unit count.',
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZProjectRow,
    errors: ['NOT_FOUND'],
  },
  createProject: {
    method: 'POST',
    path: '/project',
    summary: 'Creates a project of a customer.',
    tag,
    invalidates: [],
    access: 'office',
    body: ZProjectBody,
    reply: ZProjectReply,
    status: 201,
  },
  updateProject: {
    method: 'PUT',
    path: '/project/:id',
    summary: 'Renames a project or moves it to another customer.',
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZProjectBody,
    reply: ZProjectReply,
    errors: ['NOT_FOUND'],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/project/:id',
    summary: 'Deletes a project that no unit, check, replacement or BKB refers to.',
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'PROJECT_IN_USE', 'PROJECT_HAS_HISTORY'],
  },
});
