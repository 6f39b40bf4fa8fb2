import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZActiveTireListQuery,
  ZActiveTireListReply,
  ZActiveTireMessageReply,
  ZActiveTireParams,
  ZActiveTireRow,
  ZActiveTireUpdateBody,
  ZTireCreateBody,
  ZTireDeleteReply,
  ZTireDetail,
  ZTireIdParams,
  ZTireListQuery,
  ZTireListReply,
  ZTireMessageReply,
  ZTireStatusBody,
} from '../tire-list';
import { ZTireUpdateBody } from '../tires';
import { ZTireSnQuery, ZTireSnReply } from '../unit-fitting';

/** Error codes of the tires operations beyond the generic ones. */
export const tiresErrors = defineErrors({
  /** A tire (or a new-tire request) with this serial number already exists. */
  TIRE_SERIAL_TAKEN: 409,
  /** The tire is mounted on a unit: take it off before deleting or scrapping it. */
  TIRE_STILL_MOUNTED: 409,
  /** A scrapped tire cannot be mounted. */
  TIRE_SCRAPPED: 409,
});

const tag = 'tires';

export const tiresEndpoints = defineEndpoints({
  listTires: {
    method: 'GET',
    path: '/tire',
    summary: 'List Data Ban: a page of tires with the summary counts of the filtered set.',
    tag,
    access: 'office',
    query: ZTireListQuery,
    reply: ZTireListReply,
  },
  exportTires: {
    method: 'GET',
    path: '/tire/export',
    summary: 'List Data Ban as an Excel workbook, with the same filters as the list.',
    tag,
    access: 'office',
    query: ZTireListQuery,
    reply: { file: 'xlsx' },
  },
  listTireSerials: {
    method: 'GET',
    path: '/tire-sn',
    summary: 'Tire serial numbers by prefix, paged; stock=true keeps the tires that can be mounted.',
    tag,
    access: 'office',
    query: ZTireSnQuery,
    reply: ZTireSnReply,
  },
  getTire: {
    method: 'GET',
    path: '/tire/:id',
    summary: 'One tire with every field and the unit it is mounted on now.',
    tag,
    access: 'office',
    params: ZTireIdParams,
    reply: ZTireDetail,
    errors: ['NOT_FOUND'],
  },
  createTire: {
    method: 'POST',
    path: '/tire',
    summary: 'Adds a tire to the database, in stock (UNINSTALLED).',
    tag,
    access: 'office',
    body: ZTireCreateBody,
    reply: ZTireMessageReply,
    status: 201,
    errors: ['TIRE_SERIAL_TAKEN'],
  },
  deleteTire: {
    method: 'DELETE',
    path: '/tire/:id',
    summary: 'Deletes a tire that is not mounted, with its ledger.',
    tag,
    access: 'office',
    params: ZTireIdParams,
    reply: ZTireDeleteReply,
    errors: ['NOT_FOUND', 'TIRE_STILL_MOUNTED'],
  },
  setTireStatus: {
    method: 'PATCH',
    path: '/tire/status/:id',
    summary: 'Changes the status of a tire (SCRAP, SPARE, UNINSTALLED), taking it off its unit when needed.',
    tag,
    access: 'office',
    params: ZTireIdParams,
    body: ZTireStatusBody,
    reply: ZTireMessageReply,
    errors: ['NOT_FOUND', 'TIRE_STILL_MOUNTED'],
  },
  listActiveTires: {
    method: 'GET',
    path: '/active-unit',
    summary: 'Ban Terpasang Aktif: a page of the wheel slots of the units.',
    tag,
    access: 'office',
    query: ZActiveTireListQuery,
    reply: ZActiveTireListReply,
  },
  exportActiveTires: {
    method: 'GET',
    path: '/active-unit/export',
    summary: 'Ban Terpasang Aktif as an Excel workbook, with the same filters as the list.',
    tag,
    access: 'office',
    query: ZActiveTireListQuery,
    reply: { file: 'xlsx' },
  },
  getActiveTire: {
    method: 'GET',
    path: '/active-unit/:activeTireId',
    summary: 'One wheel slot with its tire and unit.',
    tag,
    access: 'office',
    params: ZActiveTireParams,
    reply: ZActiveTireRow,
    errors: ['NOT_FOUND'],
  },
  updateActiveTire: {
    method: 'PUT',
    path: '/active-unit/:activeTireId',
    summary: 'Mounts a tire at a wheel slot or takes the slot tire off.',
    tag,
    access: 'office',
    params: ZActiveTireParams,
    body: ZActiveTireUpdateBody,
    reply: ZActiveTireMessageReply,
    errors: ['NOT_FOUND', 'TIRE_SCRAPPED', 'TIRE_MOUNTED_ELSEWHERE'],
  },
  updateTireDetail: {
    method: 'PUT',
    path: '/tire/update/:id',
    summary:
      "Edits a tire's data (Form Edit Ban, Form Detail Ban); where it is mounted changes only through replacements.",
    tag,
    access: 'office',
    params: ZTireIdParams,
    body: ZTireUpdateBody,
    reply: ZTireMessageReply,
    errors: ['NOT_FOUND'],
  },
});
