import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import { ZQcCheckCreateBody, ZQcCreateReply, ZQcDetail, ZQcListQuery, ZQcParams, ZQcRow } from '../qc';

/** Error codes of the qc operations beyond the generic ones. */
export const qcErrors = defineErrors({});

export const qcEndpoints = defineEndpoints({
  listQcChecks: {
    method: 'GET',
    path: '/qccheck-detailed',
    summary:
      'The QC checks, newest first, paged, searched by plate, QC checker or tire man and filtered by date.',
    tag: 'qc',
    access: 'office',
    query: ZQcListQuery,
    reply: listResult(ZQcRow),
  },
  exportQcChecks: {
    method: 'GET',
    path: '/qccheck-detailed/export',
    summary: 'The QC checks of the same filters as an XLSX file.',
    tag: 'qc',
    access: 'office',
    query: ZQcListQuery,
    reply: { file: 'xlsx' },
  },
  getQcCheck: {
    method: 'GET',
    path: '/qccheck/:id',
    summary: 'One QC check with its 14 items by 14 positions, as texts and as a matrix.',
    tag: 'qc',
    access: 'office',
    params: ZQcParams,
    reply: ZQcDetail,
    errors: ['NOT_FOUND'],
  },
  createQcCheck: {
    method: 'POST',
    path: '/qccheck',
    summary: 'Records a QC check done in the field (a tire man sends it).',
    tag: 'qc',
    invalidates: ['reports'],
    access: 'field',
    body: ZQcCheckCreateBody,
    reply: ZQcCreateReply,
    status: 201,
    idempotent: true,
  },
});
