import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the stock operations beyond the generic ones. */
export const stockErrors = defineErrors({});

export const stockEndpoints = defineEndpoints({});
