import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the sop operations beyond the generic ones. */
export const sopErrors = defineErrors({});

export const sopEndpoints = defineEndpoints({});
