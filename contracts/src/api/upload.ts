import { ZUploadReply } from '../auth';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the upload operations beyond the generic ones. */
export const uploadErrors = defineErrors({});

export const uploadEndpoints = defineEndpoints({
  uploadImage: {
    method: 'POST',
    path: '/upload',
    summary:
      'Stores one image (PNG, JPEG or WebP, checked by content) and answers its path; a retry with the same Idempotency-Key and file gets the same path.',
    tag: 'upload',
    invalidates: 'nothing',
    access: 'account',
    multipart: 'image',
    reply: ZUploadReply,
    status: 201,
    // Idempotency-Key is honoured by the handler itself (keyed on the file's hash, not on a JSON body)
    errors: ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_FLIGHT'],
  },
});
