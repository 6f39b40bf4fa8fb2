import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the profile operations beyond the generic ones. */
export const profileErrors = defineErrors({});

export const profileEndpoints = defineEndpoints({});
