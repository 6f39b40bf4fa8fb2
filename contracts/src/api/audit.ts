import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the audit operations beyond the generic ones. */
export const auditErrors = defineErrors({});

export const auditEndpoints = defineEndpoints({});
