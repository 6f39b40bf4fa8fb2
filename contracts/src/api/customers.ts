import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the customers operations beyond the generic ones. */
export const customersErrors = defineErrors({});

export const customersEndpoints = defineEndpoints({});
