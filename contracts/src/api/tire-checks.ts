import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the tire-checks operations beyond the generic ones. */
export const tireChecksErrors = defineErrors({});

export const tireChecksEndpoints = defineEndpoints({});
