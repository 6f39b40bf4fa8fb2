import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the tire-requests operations beyond the generic ones. */
export const tireRequestsErrors = defineErrors({});

export const tireRequestsEndpoints = defineEndpoints({});
