import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import { zId } from '../numeric';
import { ZReturnsListQuery, ZReturnsPage } from '../submission-returns';
import {
  ZHistoryEditQuery,
  ZReplacementDetail,
  ZReplacementHistoryQuery,
  ZReplacementMessageReply,
  ZReplacementPutBody,
  ZReplacementQueueQuery,
  ZReplacementResubmitBody,
  ZReplacementResubmitReply,
  ZReplacementRow,
  ZReplacementSubmitBody,
  ZReplacementSubmitReply,
  ZReplacementValidateBody,
  ZReplaceRecordDetail,
  ZReplaceRecordFieldsBody,
  ZReplaceRecordPutBody,
  ZReplaceRecordUpdateReply,
} from '../tire-replacements';
import { ZTireSnLite } from '../tires';

/** Error codes of the tire-replacements operations beyond the generic ones. */
export const tireReplacementsErrors = defineErrors({
  /** The replacement is validated (approved): it cannot be validated, returned or its records edited. */
  REPLACEMENT_ALREADY_VALIDATED: 409,
  /** The replacement was given back to the tire man and waits for him to send it again. */
  REPLACEMENT_ALREADY_RETURNED: 409,
  /** Only a returned replacement can be resubmitted. */
  REPLACEMENT_NOT_RETURNED: 409,
  /** The replacement has no records to apply. */
  REPLACEMENT_WITHOUT_RECORDS: 409,
  /** A record's tire no longer exists. */
  REPLACEMENT_TIRE_GONE: 409,
});

const ZIdParams = z.object({ id: zId('Id tidak valid') });
const tag = 'tire-replacements';
/** What validating a replacement may meet besides a missing one. */
const validationErrors = [
  'NOT_FOUND',
  'REPLACEMENT_ALREADY_VALIDATED',
  'REPLACEMENT_ALREADY_RETURNED',
  'REPLACEMENT_WITHOUT_RECORDS',
  'REPLACEMENT_TIRE_GONE',
  'TIRE_MOUNTED_ELSEWHERE',
] as const;

export const tireReplacementsEndpoints = defineEndpoints({
  // ---- field app (tire man) ----
  submitReplacement: {
    method: 'POST',
    path: '/tire-replacement',
    summary: 'A tire man sends a tire replacement done on a unit, one record per wheel position.',
    tag,
    invalidates: ['reports', 'workshop'],
    access: 'field',
    body: ZReplacementSubmitBody,
    reply: ZReplacementSubmitReply,
    status: 201,
    idempotent: true,
  },
  resubmitReplacement: {
    method: 'PUT',
    path: '/tire-replacement/:id/resubmit',
    summary: 'The tire man sends a returned replacement again, optionally with new records and signatures.',
    tag,
    invalidates: ['reports', 'workshop'],
    access: 'field',
    params: ZIdParams,
    body: ZReplacementResubmitBody,
    reply: ZReplacementResubmitReply,
    errors: ['NOT_FOUND', 'REPLACEMENT_NOT_RETURNED'],
    idempotent: true,
  },

  // ---- office (EDP) ----
  listReplacementQueue: {
    method: 'GET',
    path: '/tire-replace/pending',
    summary:
      'Pending replacements: the EDP queue (status=edp) or the ones returned to the tire man (status=tireman).',
    tag,
    access: 'office',
    query: ZReplacementQueueQuery,
    reply: listResult(ZReplacementRow),
  },
  listReplacementReturns: {
    method: 'GET',
    path: '/tire-replacement/returns',
    summary: 'Every Return of a replacement, newest first, with whether it was resubmitted.',
    tag,
    access: 'office',
    query: ZReturnsListQuery,
    reply: ZReturnsPage,
  },
  getReplacement: {
    method: 'GET',
    path: '/tire-replace/:id',
    summary: 'One replacement with its unit, people, records (before and after) and Returns.',
    tag,
    access: 'workshop',
    scope: 'approved-replacement',
    params: ZIdParams,
    reply: ZReplacementDetail,
    errors: ['NOT_FOUND'],
  },
  printReplacement: {
    method: 'GET',
    path: '/tire-replacement/:id/pdf',
    summary:
      'A replacement as an A4 PDF in Indonesian: its data, each position before and after, photos and every signature (Cetak).',
    tag,
    access: 'workshop',
    scope: 'approved-replacement',
    params: ZIdParams,
    reply: { file: 'pdf' },
    errors: ['NOT_FOUND'],
  },
  listReplacements: {
    method: 'GET',
    path: '/tire-replacement',
    summary: 'Replacement history, newest done first, by status, date range, unit and text.',
    tag,
    access: 'office',
    query: ZReplacementHistoryQuery,
    reply: listResult(ZReplacementRow),
  },
  validateReplacement: {
    method: 'POST',
    path: '/tire-replacement/:id/validate',
    summary: "Validates a replacement: applies its records to the unit's tires, signs and approves it.",
    tag,
    invalidates: ['tires', 'units', 'tire-checks', 'reports', 'workshop', 'tire-intelligence'],
    access: 'office',
    params: ZIdParams,
    body: ZReplacementValidateBody.optional(),
    reply: ZReplacementMessageReply,
    errors: validationErrors,
  },
  updateReplacement: {
    method: 'PUT',
    path: '/tire-replacement/:id',
    summary: 'Validates a replacement (status approved) or returns it to the tire man with a reason.',
    tag,
    invalidates: ['reports', 'workshop'],
    access: 'office',
    params: ZIdParams,
    body: ZReplacementPutBody,
    reply: ZReplacementMessageReply,
    errors: ['BAD_REQUEST', ...validationErrors],
  },
  deleteReplacement: {
    method: 'DELETE',
    path: '/tire-replacement/:id',
    summary: 'Deletes a replacement with its records; its tire man keeps a tombstone.',
    tag,
    invalidates: ['reports', 'workshop'],
    access: 'office',
    params: ZIdParams,
    reply: ZReplacementMessageReply,
    errors: ['NOT_FOUND'],
  },
  getReplaceRecord: {
    method: 'GET',
    path: '/tire-replace-record/:id',
    summary: "One replace record with its tire now, the tire before and its replacement's state.",
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZReplaceRecordDetail,
    errors: ['NOT_FOUND'],
  },
  updateReplaceRecord: {
    method: 'PUT',
    path: '/tire-replace-record/:id',
    summary: "Puts another tire on a pending record (tire_id) or corrects the record's tire fields.",
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZReplaceRecordPutBody,
    reply: ZReplaceRecordUpdateReply,
    errors: ['NOT_FOUND', 'REPLACEMENT_ALREADY_VALIDATED'],
  },
  updateReplaceRecordHistory: {
    method: 'PUT',
    path: '/history',
    summary: "Corrects a replace record's tire fields, the record and its replacement named in the query.",
    tag,
    invalidates: ['reports'],
    access: 'office',
    query: ZHistoryEditQuery,
    body: ZReplaceRecordFieldsBody,
    reply: ZReplaceRecordUpdateReply,
    errors: ['NOT_FOUND'],
  },

  // ---- tires (the parts the replacement screens need) ----
  findTireSerialsEmpty: {
    method: 'GET',
    path: '/tire/findSnLite',
    summary:
      'The serial search without a text: always refused, the text is required (the spec lists this path).',
    tag,
    access: 'any',
    reply: z.array(ZTireSnLite),
    errors: ['VALIDATION'],
  },
  findTireSerials: {
    method: 'GET',
    path: '/tire/findSnLite/:text',
    summary: 'Tires whose serial number starts with the text (the replacement and BKB serial pickers).',
    tag,
    access: 'any',
    params: z.object({ text: z.string().max(100) }),
    reply: z.array(ZTireSnLite),
  },
});
