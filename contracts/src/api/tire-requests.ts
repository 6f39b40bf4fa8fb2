import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZTireRequest,
  ZTireRequestApproveReply,
  ZTireRequestCreateBody,
  ZTireRequestDeleteReply,
  ZTireRequestListQuery,
  ZTireRequestListReply,
  ZTireRequestMessageReply,
  ZTireRequestParams,
  ZTireRequestStatusBody,
  ZTireRequestUpdateBody,
} from '../tire-requests';

/** Error codes of the tire-requests operations beyond the generic ones (TIRE_SERIAL_TAKEN: tires). */
export const tireRequestsErrors = defineErrors({
  /** The request is already approved: it can no longer be changed or approved again. */
  TIRE_REQUEST_ALREADY_APPROVED: 409,
});

const tag = 'tire-requests';

export const tireRequestsEndpoints = defineEndpoints({
  listTireRequests: {
    method: 'GET',
    path: '/tire/request/findAll',
    summary: 'A page of new-tire requests, pending first (a tire man sees only his own).',
    tag,
    access: 'any',
    query: ZTireRequestListQuery,
    reply: ZTireRequestListReply,
  },
  exportTireRequests: {
    method: 'GET',
    path: '/tire/request/export',
    summary: 'The new-tire requests as an Excel workbook, with the same filters as the list.',
    tag,
    access: 'office',
    query: ZTireRequestListQuery,
    reply: { file: 'xlsx' },
  },
  getTireRequest: {
    method: 'GET',
    path: '/tire-request/detail/:id',
    summary: 'One new-tire request with every tire field (a tire man reads only his own).',
    tag,
    access: 'any',
    params: ZTireRequestParams,
    reply: ZTireRequest,
    errors: ['NOT_FOUND'],
  },
  createTireRequest: {
    method: 'POST',
    path: '/tire/request',
    summary: 'Asks for a new tire to be added to the database; the request starts pending.',
    tag,
    invalidates: ['tires', 'stock'],
    access: 'any',
    body: ZTireRequestCreateBody,
    reply: ZTireRequestMessageReply,
    status: 201,
    errors: ['TIRE_SERIAL_TAKEN'],
    idempotent: true,
  },
  updateTireRequest: {
    method: 'PUT',
    path: '/tire-request/:id',
    summary: 'Changes the tire fields of a pending request.',
    tag,
    invalidates: ['tires', 'stock'],
    access: 'office',
    params: ZTireRequestParams,
    body: ZTireRequestUpdateBody,
    reply: ZTireRequestMessageReply,
    errors: ['NOT_FOUND', 'TIRE_REQUEST_ALREADY_APPROVED'],
  },
  setTireRequestStatus: {
    method: 'PATCH',
    path: '/tire-request/status/:id',
    summary:
      'Approves a request (second step of the two-call flow): links the tire with its serial or creates it.',
    tag,
    invalidates: ['tires', 'stock'],
    access: 'office',
    params: ZTireRequestParams,
    body: ZTireRequestStatusBody,
    reply: ZTireRequestApproveReply,
    errors: ['NOT_FOUND', 'TIRE_REQUEST_ALREADY_APPROVED', 'TIRE_SERIAL_TAKEN'],
  },
  approveTireRequest: {
    method: 'POST',
    path: '/tire-request/:id/approve',
    summary: 'Approves a request into the tire database in one transaction.',
    tag,
    invalidates: ['tires', 'stock'],
    access: 'office',
    params: ZTireRequestParams,
    reply: ZTireRequestApproveReply,
    errors: ['NOT_FOUND', 'TIRE_REQUEST_ALREADY_APPROVED', 'TIRE_SERIAL_TAKEN'],
  },
  deleteTireRequest: {
    method: 'DELETE',
    path: '/tire-request/:id',
    summary: 'Deletes a new-tire request.',
    tag,
    invalidates: ['tires', 'stock'],
    access: 'office',
    params: ZTireRequestParams,
    reply: ZTireRequestDeleteReply,
    errors: ['NOT_FOUND'],
  },
});
