import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the workshop operations beyond the generic ones. */
export const workshopErrors = defineErrors({});

export const workshopEndpoints = defineEndpoints({});
