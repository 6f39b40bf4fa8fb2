import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the banners operations beyond the generic ones. */
export const bannersErrors = defineErrors({});

export const bannersEndpoints = defineEndpoints({});
