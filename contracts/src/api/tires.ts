import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the tires operations beyond the generic ones. */
export const tiresErrors = defineErrors({});

export const tiresEndpoints = defineEndpoints({});
