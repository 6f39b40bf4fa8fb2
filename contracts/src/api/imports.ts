import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the imports operations beyond the generic ones. */
export const importsErrors = defineErrors({});

export const importsEndpoints = defineEndpoints({});
