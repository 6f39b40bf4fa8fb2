import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the users operations beyond the generic ones. */
export const usersErrors = defineErrors({});

export const usersEndpoints = defineEndpoints({});
