import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the mismatches operations beyond the generic ones. */
export const mismatchesErrors = defineErrors({});

export const mismatchesEndpoints = defineEndpoints({});
