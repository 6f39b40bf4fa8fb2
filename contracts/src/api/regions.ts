import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZDeletedReply,
  ZIdParams,
  ZLocationBody,
  ZLocationListQuery,
  ZLocationReply,
  ZLocationRow,
  ZRegionCreateBody,
  ZRegionReply,
  ZRegionRow,
  ZRegionUpdateBody,
} from '../master-data';

/** Error codes of the regions operations beyond the generic ones. */
export const regionsErrors = defineErrors({
  /** Another region has this name (trimmed, case-blind). */
  REGION_NAME_TAKEN: 409,
  /** The region still has locations: it cannot be deleted. */
  REGION_HAS_LOCATIONS: 409,
  /** Another location of the region has this name (trimmed, case-blind). */
  LOCATION_NAME_TAKEN: 409,
  /** Checks, replacements, BKB or QC cite the location: it cannot be deleted. */
  LOCATION_IN_USE: 409,
});

const tag = 'regions';

export const regionsEndpoints = defineEndpoints({
  listRegions: {
    method: 'GET',
    path: '/region',
    summary: 'Every region with its PIC, tire men and Target Check, by name.',
    tag,
    access: 'office',
    reply: z.array(ZRegionRow),
  },
  getRegion: {
    method: 'GET',
    path: '/region/:id',
    summary: 'One region with its PIC, tire men and Target Check.',
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZRegionRow,
    errors: ['NOT_FOUND'],
  },
  createRegion: {
    method: 'POST',
    path: '/region',
    summary: 'Creates a region with its PIC, tire men and Target Check.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    body: ZRegionCreateBody,
    reply: ZRegionReply,
    status: 201,
    errors: ['REGION_NAME_TAKEN'],
  },
  updateRegion: {
    method: 'PUT',
    path: '/region/:id',
    summary: 'Saves a region: the Target Check alone, or every field.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    body: ZRegionUpdateBody,
    reply: ZRegionReply,
    errors: ['NOT_FOUND', 'REGION_NAME_TAKEN'],
  },
  deleteRegion: {
    method: 'DELETE',
    path: '/region/:id',
    summary: 'Deletes a region that has no locations.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'REGION_HAS_LOCATIONS'],
  },
  listLocations: {
    method: 'GET',
    path: '/location',
    summary: 'Locations (pools) with their region, by region then name; optionally of one region.',
    tag,
    access: 'office',
    query: ZLocationListQuery,
    reply: z.array(ZLocationRow),
  },
  getLocation: {
    method: 'GET',
    path: '/location/:id',
    summary: 'One location with its region.',
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZLocationRow,
    errors: ['NOT_FOUND'],
  },
  createLocation: {
    method: 'POST',
    path: '/location',
    summary: 'Creates a location in a region.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    body: ZLocationBody,
    reply: ZLocationReply,
    status: 201,
    errors: ['LOCATION_NAME_TAKEN'],
  },
  updateLocation: {
    method: 'PUT',
    path: '/location/:id',
    summary: 'Renames a location or moves it to another region.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    body: ZLocationBody,
    reply: ZLocationReply,
    errors: ['NOT_FOUND', 'LOCATION_NAME_TAKEN'],
  },
  deleteLocation: {
    method: 'DELETE',
    path: '/location/:id',
    summary: 'Deletes a location that no check, replacement, BKB or QC record cites.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'LOCATION_IN_USE'],
  },
});
