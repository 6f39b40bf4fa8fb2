import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import {
  ZMessageReply,
  ZMismatchCreateBody,
  ZMismatchCreateReply,
  ZMismatchDetail,
  ZMismatchIdParams,
  ZMismatchPendingQuery,
  ZMismatchPendingRow,
  ZMismatchRecordRow,
  ZMismatchRecordSearchBody,
  ZMismatchSignatureBody,
  ZMismatchValidateBody,
  ZMismatchValidateReply,
} from '../mismatches';

/** Error codes of the mismatches operations beyond the generic ones. */
export const mismatchesErrors = defineErrors({
  /** The BKB was already validated (approved): it cannot be validated or signed again. */
  MISMATCH_ALREADY_VALIDATED: 409,
  /** Only an approved BKB can go back to the validation list. */
  MISMATCH_NOT_VALIDATED: 409,
});

const tag = 'mismatches';

export const mismatchesEndpoints = defineEndpoints({
  createMismatch: {
    method: 'POST',
    path: '/mismatch',
    summary: 'A tire man reports a tire mismatch (BKB) found on a unit.',
    tag,
    invalidates: ['reports'],
    access: 'field',
    body: ZMismatchCreateBody,
    reply: ZMismatchCreateReply,
    status: 201,
    idempotent: true,
    errors: ['MISMATCH_CATEGORY_UNKNOWN'],
  },
  listPendingMismatches: {
    method: 'GET',
    path: '/mismatch-validation',
    summary:
      'The BKB waiting for validation, oldest first by default (order=newest for the newest), paged and searchable.',
    tag,
    access: 'office',
    query: ZMismatchPendingQuery,
    reply: listResult(ZMismatchPendingRow),
  },
  getMismatch: {
    method: 'GET',
    path: '/mismatch/detail/:id',
    summary: 'One BKB with its unit, people and positions (before and after).',
    tag,
    access: 'office',
    params: ZMismatchIdParams,
    reply: ZMismatchDetail,
    errors: ['NOT_FOUND'],
  },
  printMismatch: {
    method: 'GET',
    path: '/mismatch/pdf/:id',
    summary:
      'A BKB as an A4 PDF in Indonesian: its data, photos, positions expected and found, validation and signature (Cetak).',
    tag,
    access: 'office',
    params: ZMismatchIdParams,
    reply: { file: 'pdf' },
    errors: ['NOT_FOUND'],
  },
  searchMismatchRecords: {
    method: 'POST',
    path: '/mismatch/querry/record/search',
    summary:
      'Rekam BKB: the BKB done on the given days, paged, optionally of one unit, tire man, location or status.',
    tag,
    invalidates: 'nothing',
    access: 'office',
    body: ZMismatchRecordSearchBody,
    reply: listResult(ZMismatchRecordRow),
  },
  exportMismatchRecords: {
    method: 'GET',
    path: '/mismatch/querry/record/export',
    summary: 'Rekam BKB of the same search (every page) as an XLSX file.',
    tag,
    access: 'office',
    query: ZMismatchRecordSearchBody,
    reply: { file: 'xlsx' },
  },
  validateMismatch: {
    method: 'POST',
    path: '/mismatch/:id/validate',
    summary: "Validates a BKB: applies each position's action to the unit's tires, signs and approves it.",
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZMismatchIdParams,
    body: ZMismatchValidateBody,
    reply: ZMismatchValidateReply,
    errors: ['NOT_FOUND', 'MISMATCH_ALREADY_VALIDATED'],
  },
  signMismatch: {
    method: 'PATCH',
    path: '/mismatch/signature/:id',
    summary: 'Signs and approves a BKB without touching the tires.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZMismatchIdParams,
    body: ZMismatchSignatureBody,
    reply: ZMessageReply,
    errors: ['NOT_FOUND', 'MISMATCH_ALREADY_VALIDATED'],
  },
  reopenMismatch: {
    method: 'PATCH',
    path: '/mismatch/:id/reopen',
    summary: 'Sends an approved BKB back to the validation list; the tires stay as validated.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZMismatchIdParams,
    reply: ZMessageReply,
    errors: ['NOT_FOUND', 'MISMATCH_NOT_VALIDATED'],
  },
  deleteMismatch: {
    method: 'DELETE',
    path: '/mismatch/:id',
    summary: 'Deletes a BKB with its positions; the tires are not touched.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZMismatchIdParams,
    reply: ZMessageReply,
    errors: ['NOT_FOUND'],
  },
});
