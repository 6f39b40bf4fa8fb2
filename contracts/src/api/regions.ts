import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the regions operations beyond the generic ones. */
export const regionsErrors = defineErrors({});

export const regionsEndpoints = defineEndpoints({});
