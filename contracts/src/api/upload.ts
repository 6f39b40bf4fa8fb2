import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the upload operations beyond the generic ones. */
export const uploadErrors = defineErrors({});

export const uploadEndpoints = defineEndpoints({});
