import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the tire-intelligence operations beyond the generic ones. */
export const tireIntelligenceErrors = defineErrors({});

export const tireIntelligenceEndpoints = defineEndpoints({});
