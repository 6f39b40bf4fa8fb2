import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZDeletedReply,
  ZIdParams,
  ZUnitBody,
  ZUnitList,
  ZUnitListQuery,
  ZUnitReply,
  ZUnitRow,
} from '../master-data';
import {
  ZUnitFittingReply,
  ZUnitMountBody,
  ZUnitMoveBody,
  ZUnitUnmountBody,
  ZUnitWheels,
} from '../unit-fitting';
import { ZUnitOverview, ZUnitRecordList, ZUnitRecordsQuery } from '../unit-page';

/** Error codes of the units operations beyond the generic ones. */
export const unitsErrors = defineErrors({
  /** Another unit has this plate number. */
  PLATE_TAKEN: 409,
  /** The unit has checks, replacements, BKB or QC records: it cannot be deleted. */
  UNIT_HAS_HISTORY: 409,
  /** A tire is still mounted on the unit: it cannot be deleted. */
  UNIT_HAS_TIRES: 409,
  /** The new unit type's diagram lacks a position that still holds a tire. */
  UNIT_TYPE_DROPS_TIRE: 409,
  /** The tire is mounted on a unit (this one or another) already. */
  TIRE_MOUNTED_ELSEWHERE: 409,
  /** The tire is not in stock (UNINSTALLED or SPARE), so it cannot be mounted. */
  TIRE_NOT_IN_STOCK: 409,
  /** The position already holds a tire. */
  UNIT_POSITION_TAKEN: 409,
});

const tag = 'units';
const unitList = {
  method: 'GET',
  tag,
  access: 'office',
  query: ZUnitListQuery,
  reply: ZUnitList,
} as const;

export const unitsEndpoints = defineEndpoints({
  listUnits: {
    ...unitList,
    path: '/unit',
    summary: 'Units, paged; q matches the plate number (spaces ignored), filters by project and type.',
  },
  listUnitsTrailingSlash: {
    ...unitList,
    path: '/unit/',
    summary: "The unit list under the spec's own spelling of the path (with a trailing slash).",
  },
  getUnit: {
    method: 'GET',
    path: '/unit/:id',
    summary: 'One unit with its project.',
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZUnitRow,
    errors: ['NOT_FOUND'],
  },
  createUnit: {
    method: 'POST',
    path: '/unit',
    summary: "Creates a unit with the empty wheel slots of its type's diagram.",
    tag,
    invalidates: [],
    access: 'office',
    body: ZUnitBody,
    reply: ZUnitReply,
    status: 201,
    errors: ['PLATE_TAKEN'],
  },
  updateUnit: {
    method: 'PUT',
    path: '/unit/:id',
    summary: "Updates a unit; a new type brings its diagram's wheel slots.",
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZUnitBody,
    reply: ZUnitReply,
    errors: ['NOT_FOUND', 'PLATE_TAKEN', 'UNIT_TYPE_DROPS_TIRE'],
  },
  deleteUnit: {
    method: 'DELETE',
    path: '/unit/:id',
    summary: 'Deletes a unit that has no history and no mounted tire.',
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'UNIT_HAS_HISTORY', 'UNIT_HAS_TIRES'],
  },
  getUnitOverview: {
    method: 'GET',
    path: '/unit/:id/overview',
    summary:
      "The unit page: the unit, its mounted tires with their last tread and pressure against the size's reference, the last readings per position and the month's attendance.",
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZUnitOverview,
    errors: ['NOT_FOUND'],
  },
  listUnitRecords: {
    method: 'GET',
    path: '/unit/:id/records',
    summary: "The unit's checks, replacements or BKB (kind), newest first, paged.",
    tag,
    access: 'office',
    params: ZIdParams,
    query: ZUnitRecordsQuery,
    reply: ZUnitRecordList,
    errors: ['NOT_FOUND'],
  },
  getUnitWheels: {
    method: 'GET',
    path: '/unit/:id/wheels',
    summary:
      "Every position of the unit type's diagram with the tire mounted there, and the unit's odometer.",
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZUnitWheels,
    errors: ['NOT_FOUND'],
  },
  mountUnitTire: {
    method: 'POST',
    path: '/unit/:id/mount',
    summary: "Mounts a stock tire on an empty position of the unit, at the unit's odometer.",
    tag,
    invalidates: ['tires', 'tire-checks', 'stock', 'tire-intelligence'],
    access: 'office',
    params: ZIdParams,
    body: ZUnitMountBody,
    reply: ZUnitFittingReply,
    errors: ['NOT_FOUND', 'TIRE_MOUNTED_ELSEWHERE', 'TIRE_NOT_IN_STOCK', 'UNIT_POSITION_TAKEN'],
  },
  unmountUnitTire: {
    method: 'POST',
    path: '/unit/:id/unmount',
    summary: 'Takes the tire at a position of the unit off, to stock or to scrap, with a reason.',
    tag,
    invalidates: ['tires', 'tire-checks', 'stock', 'tire-intelligence'],
    access: 'office',
    params: ZIdParams,
    body: ZUnitUnmountBody,
    reply: ZUnitFittingReply,
    errors: ['NOT_FOUND'],
  },
  moveUnitTire: {
    method: 'POST',
    path: '/unit/:id/move',
    summary:
      'Moves the tire at one position of the unit to another; when the other holds a tire the two swap.',
    tag,
    invalidates: ['tires', 'tire-checks', 'stock', 'tire-intelligence'],
    access: 'office',
    params: ZIdParams,
    body: ZUnitMoveBody,
    reply: ZUnitFittingReply,
    errors: ['NOT_FOUND'],
  },
});
