import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import {
  ZBannerBody,
  ZBannerListQuery,
  ZBannerReply,
  ZBannerRow,
  ZDeletedReply,
  ZIdParams,
} from '../master-data';

/** Error codes of the banners operations beyond the generic ones. */
export const bannersErrors = defineErrors({});

export const bannersEndpoints = defineEndpoints({
  listBanners: {
    method: 'GET',
    path: '/banners',
    summary: 'The dashboard banners, paged, searched by name.',
    tag: 'banners',
    access: 'office',
    query: ZBannerListQuery,
    reply: listResult(ZBannerRow),
  },
  getBanner: {
    method: 'GET',
    path: '/banners/:id',
    summary: 'One banner.',
    tag: 'banners',
    access: 'office',
    params: ZIdParams,
    reply: ZBannerRow,
    errors: ['NOT_FOUND'],
  },
  createBanner: {
    method: 'POST',
    path: '/banners',
    summary: 'Adds a banner (a name and an uploaded image).',
    tag: 'banners',
    invalidates: [],
    access: 'office',
    body: ZBannerBody,
    reply: ZBannerReply,
    status: 201,
  },
  updateBanner: {
    method: 'PUT',
    path: '/banners/:id',
    summary: "Changes a banner's name and image.",
    tag: 'banners',
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZBannerBody,
    reply: ZBannerReply,
    errors: ['NOT_FOUND'],
  },
  deleteBanner: {
    method: 'DELETE',
    path: '/banners/:id',
    summary: 'Deletes a banner.',
    tag: 'banners',
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND'],
  },
});
