import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the field operations beyond the generic ones. */
export const fieldErrors = defineErrors({});

export const fieldEndpoints = defineEndpoints({});
