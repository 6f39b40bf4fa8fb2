import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the news operations beyond the generic ones. */
export const newsErrors = defineErrors({});

export const newsEndpoints = defineEndpoints({});
