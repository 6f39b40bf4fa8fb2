import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the reports operations beyond the generic ones. */
export const reportsErrors = defineErrors({});

export const reportsEndpoints = defineEndpoints({});
