import { defineEndpoints, defineErrors } from '../endpoint';
import { ZIdParams } from '../master-data';
import {
  ZPortalCustomerQuery,
  ZPortalFleet,
  ZPortalPhotos,
  ZPortalRecordList,
  ZPortalRecordQuery,
  ZPortalRecordsQuery,
  ZPortalReport,
  ZPortalReportQuery,
  ZPortalTireCost,
  ZPortalTireCostQuery,
  ZPortalUnit,
  ZPortalUnitList,
  ZPortalUnitsQuery,
} from '../portal';

/** Error codes of the portal operations beyond the generic ones. */
export const portalErrors = defineErrors({
  /** The office opened the portal without naming the customer (`customer_id`). */
  PORTAL_CUSTOMER_REQUIRED: 400,
});

const tag = 'portal';
/** The monthly report's downloads: the same query and codes as the report. */
const reportFile = {
  method: 'GET',
  tag,
  access: 'portal',
  query: ZPortalReportQuery,
  errors: ['PORTAL_CUSTOMER_REQUIRED', 'NOT_FOUND'],
} as const;

export const portalEndpoints = defineEndpoints({
  getPortalFleet: {
    method: 'GET',
    path: '/portal/fleet',
    summary:
      "The customer's fleet this month: units, tires mounted, critical tires, due replacements, units checked and checks (validated work only), open breakdown calls.",
    tag,
    access: 'portal',
    query: ZPortalCustomerQuery,
    reply: ZPortalFleet,
    errors: ['PORTAL_CUSTOMER_REQUIRED', 'NOT_FOUND'],
  },
  listPortalUnits: {
    method: 'GET',
    path: '/portal/units',
    summary: "The customer's units, paged by plate; q matches the plate (spaces ignored).",
    tag,
    access: 'portal',
    query: ZPortalUnitsQuery,
    reply: ZPortalUnitList,
    errors: ['PORTAL_CUSTOMER_REQUIRED'],
  },
  getPortalUnit: {
    method: 'GET',
    path: '/portal/units/:id',
    summary: 'One unit of the customer: its tires by position and the trends of its validated checks.',
    tag,
    access: 'portal',
    scope: 'customer-unit',
    params: ZIdParams,
    reply: ZPortalUnit,
    errors: ['NOT_FOUND'],
  },
  listPortalUnitRecords: {
    method: 'GET',
    path: '/portal/units/:id/records',
    summary: "One unit's validated checks, replacements or BKB, newest first.",
    tag,
    access: 'portal',
    scope: 'customer-unit',
    params: ZIdParams,
    query: ZPortalRecordsQuery,
    reply: ZPortalRecordList,
    errors: ['NOT_FOUND'],
  },
  getPortalRecordPhotos: {
    method: 'GET',
    path: '/portal/units/:id/photos',
    summary:
      "The photos of one of the unit's validated checks, replacements or BKB (plate, odometer, serial numbers, the BKB's photo; no signatures), as signed links.",
    tag,
    access: 'portal',
    scope: 'customer-unit',
    params: ZIdParams,
    query: ZPortalRecordQuery,
    reply: ZPortalPhotos,
    errors: ['NOT_FOUND'],
  },
  getPortalRecordPdf: {
    method: 'GET',
    path: '/portal/units/:id/pdf',
    summary:
      "One of the unit's validated checks, replacements or BKB as the office's A4 PDF (Cetak): its data, tires, photos and signatures.",
    tag,
    access: 'portal',
    scope: 'customer-unit',
    params: ZIdParams,
    query: ZPortalRecordQuery,
    reply: { file: 'pdf' },
    errors: ['NOT_FOUND'],
  },
  getPortalReport: {
    method: 'GET',
    path: '/portal/report',
    summary:
      "A month's service report of the customer: per unit, the validated checks, replacements, tires replaced and BKB, and the breakdown calls with their median roll time; then the total.",
    tag,
    access: 'portal',
    query: ZPortalReportQuery,
    reply: ZPortalReport,
    errors: ['PORTAL_CUSTOMER_REQUIRED', 'NOT_FOUND'],
  },
  getPortalTireCost: {
    method: 'GET',
    path: '/portal/tire-cost',
    summary:
      "Tire life and cost of the customer's tires in service during a period, by unit, brand, pattern or size (km, mm worn, rupiah per km and per mm over the priced tires), and the tires scrapped in it by reason.",
    tag,
    access: 'portal',
    query: ZPortalTireCostQuery,
    reply: ZPortalTireCost,
    errors: ['PORTAL_CUSTOMER_REQUIRED'],
  },
  exportPortalReport: {
    ...reportFile,
    path: '/portal/report/export',
    summary: 'The same monthly report as an XLSX file.',
    reply: { file: 'xlsx' },
  },
  getPortalReportPdf: {
    ...reportFile,
    path: '/portal/report/pdf',
    summary: 'The same monthly report as a PDF.',
    reply: { file: 'pdf' },
  },
});
