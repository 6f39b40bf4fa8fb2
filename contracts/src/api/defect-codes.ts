import { z } from 'zod';
import {
  ZDefectCodeCreateBody,
  ZDefectCodeParams,
  ZDefectCodeReply,
  ZDefectCodeRow,
  ZDefectCodeUpdateBody,
} from '../defect-codes';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the defect catalogue beyond the generic ones. */
export const defectCodesErrors = defineErrors({
  /** The code is already in the catalogue. */
  DEFECT_CODE_TAKEN: 409,
});

const tag = 'defect-codes';

export const defectCodesEndpoints = defineEndpoints({
  listDefectCodes: {
    method: 'GET',
    path: '/defect-code',
    summary:
      'The defect catalogue by code, with how many check records carry each code (the phone reads it in its snapshot).',
    tag,
    access: 'office',
    reply: z.array(ZDefectCodeRow),
  },
  createDefectCode: {
    method: 'POST',
    path: '/defect-code',
    summary: "Adds a code beyond the seed's (1-98), named.",
    tag,
    invalidates: ['tire-checks'],
    access: 'admin',
    body: ZDefectCodeCreateBody,
    reply: ZDefectCodeReply,
    status: 201,
    errors: ['DEFECT_CODE_TAKEN'],
  },
  updateDefectCode: {
    method: 'PUT',
    path: '/defect-code/:code',
    summary: "Names or renames a code (empty: 'Kode N' again), or marks it unsafe.",
    tag,
    invalidates: ['tire-checks', 'tires', 'reports'],
    access: 'admin',
    params: ZDefectCodeParams,
    body: ZDefectCodeUpdateBody,
    reply: ZDefectCodeReply,
    errors: ['NOT_FOUND'],
  },
});
