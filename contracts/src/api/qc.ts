import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the qc operations beyond the generic ones. */
export const qcErrors = defineErrors({});

export const qcEndpoints = defineEndpoints({});
