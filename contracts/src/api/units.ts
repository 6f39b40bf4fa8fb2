import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the units operations beyond the generic ones. */
export const unitsErrors = defineErrors({});

export const unitsEndpoints = defineEndpoints({});
