import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import { ZIdParams } from '../master-data';
import {
  ZMismatchCategoryCreateBody,
  ZMismatchCategoryMergeBody,
  ZMismatchCategoryMergeReply,
  ZMismatchCategoryReply,
  ZMismatchCategoryRow,
  ZMismatchCategoryUpdateBody,
} from '../mismatch-categories';

/** Error codes of the BKB category operations beyond the generic ones. */
export const mismatchCategoriesErrors = defineErrors({
  /** Another category has this name (trimmed, case-blind). */
  MISMATCH_CATEGORY_NAME_TAKEN: 409,
  /** POST /api/mismatch named a category that is not on the list or is inactive. */
  MISMATCH_CATEGORY_UNKNOWN: 400,
});

const tag = 'mismatch-categories';

export const mismatchCategoriesEndpoints = defineEndpoints({
  listMismatchCategories: {
    method: 'GET',
    path: '/mismatch-category',
    summary: 'Every BKB category, active first then by name, with how many BKB use it.',
    tag,
    access: 'admin',
    reply: z.array(ZMismatchCategoryRow),
  },
  createMismatchCategory: {
    method: 'POST',
    path: '/mismatch-category',
    summary: 'Adds a BKB category (active).',
    tag,
    invalidates: ['mismatches'],
    access: 'admin',
    body: ZMismatchCategoryCreateBody,
    reply: ZMismatchCategoryReply,
    status: 201,
    errors: ['MISMATCH_CATEGORY_NAME_TAKEN'],
  },
  updateMismatchCategory: {
    method: 'PUT',
    path: '/mismatch-category/:id',
    summary: 'Renames a BKB category (its BKB follow), or deactivates or activates it.',
    tag,
    invalidates: ['mismatches'],
    access: 'admin',
    params: ZIdParams,
    body: ZMismatchCategoryUpdateBody,
    reply: ZMismatchCategoryReply,
    errors: ['NOT_FOUND', 'MISMATCH_CATEGORY_NAME_TAKEN'],
  },
  mergeMismatchCategories: {
    method: 'POST',
    path: '/mismatch-category/merge',
    summary: 'Merges categories into one kept category: their BKB take its name, they are removed.',
    tag,
    invalidates: ['mismatches'],
    access: 'admin',
    body: ZMismatchCategoryMergeBody,
    reply: ZMismatchCategoryMergeReply,
    errors: ['NOT_FOUND'],
  },
});
