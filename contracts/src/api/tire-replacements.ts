import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the tire-replacements operations beyond the generic ones. */
export const tireReplacementsErrors = defineErrors({});

export const tireReplacementsEndpoints = defineEndpoints({});
