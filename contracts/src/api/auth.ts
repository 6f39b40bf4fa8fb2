import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the auth operations beyond the generic ones. */
export const authErrors = defineErrors({});

export const authEndpoints = defineEndpoints({});
