import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the projects operations beyond the generic ones. */
export const projectsErrors = defineErrors({});

export const projectsEndpoints = defineEndpoints({});
