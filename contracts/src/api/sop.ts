import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import { ZDeletedReply, ZIdParams, ZSopUpdateBody } from '../master-data';
import { ZSopEntry, ZSopReply } from '../sop';

/** Error codes of the SOP operations beyond the generic ones. */
export const sopErrors = defineErrors({});

export const sopEndpoints = defineEndpoints({
  listSop: {
    method: 'GET',
    path: '/sop',
    summary: 'The SOP entries in their order, with their video link or uploaded video.',
    tag: 'sop',
    access: 'any',
    reply: z.array(ZSopEntry),
  },
  createSop: {
    method: 'POST',
    path: '/sop',
    summary: 'Adds a procedure at the end of the list: title, video link and description.',
    tag: 'sop',
    invalidates: [],
    access: 'admin',
    body: ZSopUpdateBody,
    reply: ZSopReply,
    status: 201,
  },
  deleteSop: {
    method: 'DELETE',
    path: '/sop/:id',
    summary: 'Removes a procedure (with its uploaded video link).',
    tag: 'sop',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND'],
  },
  updateSop: {
    method: 'PUT',
    path: '/sop/:id',
    summary: "Edits an SOP entry's title, video link and description.",
    tag: 'sop',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    body: ZSopUpdateBody,
    reply: ZSopReply,
    errors: ['NOT_FOUND'],
  },
  uploadSopVideo: {
    method: 'POST',
    path: '/sop/:id/video',
    summary:
      "Stores the entry's video (MP4 or WebM checked by content, at most UPLOAD_VIDEO_MAX_BYTES), served at /files/{video_path} with HTTP Range.",
    tag: 'sop',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    multipart: 'video',
    reply: ZSopReply,
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
  },
  deleteSopVideo: {
    method: 'DELETE',
    path: '/sop/:id/video',
    summary: "Removes the entry's uploaded video.",
    tag: 'sop',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    reply: ZSopReply,
    errors: ['NOT_FOUND'],
  },
});
