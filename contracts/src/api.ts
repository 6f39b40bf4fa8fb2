// The API's endpoint table: every operation, keyed by its operationId (contracts/src/endpoint.ts).

import { auditEndpoints, auditErrors } from './api/audit';
import { authEndpoints, authErrors } from './api/auth';
import { bannersEndpoints, bannersErrors } from './api/banners';
import { customersEndpoints, customersErrors } from './api/customers';
import { defectCodesEndpoints, defectCodesErrors } from './api/defect-codes';
import { digestEndpoints, digestErrors } from './api/digest';
import { fieldEndpoints, fieldErrors } from './api/field';
import { filesEndpoints, filesErrors } from './api/files';
import { importsEndpoints, importsErrors } from './api/imports';
import { inboxEndpoints, inboxErrors } from './api/inbox';
import { mismatchCategoriesEndpoints, mismatchCategoriesErrors } from './api/mismatch-categories';
import { mismatchesEndpoints, mismatchesErrors } from './api/mismatches';
import { newsEndpoints, newsErrors } from './api/news';
import { portalEndpoints, portalErrors } from './api/portal';
import { profileEndpoints, profileErrors } from './api/profile';
import { projectsEndpoints, projectsErrors } from './api/projects';
import { pushEndpoints, pushErrors } from './api/push';
import { qcEndpoints, qcErrors } from './api/qc';
import { regionsEndpoints, regionsErrors } from './api/regions';
import { reportsEndpoints, reportsErrors } from './api/reports';
import { searchEndpoints, searchErrors } from './api/search';
import { sopEndpoints, sopErrors } from './api/sop';
import { stockEndpoints, stockErrors } from './api/stock';
import { storingEndpoints, storingErrors } from './api/storing';
import { systemEndpoints, systemErrors } from './api/system';
import { tireChecksEndpoints, tireChecksErrors } from './api/tire-checks';
import { tireIntelligenceEndpoints, tireIntelligenceErrors } from './api/tire-intelligence';
import { tireReplacementsEndpoints, tireReplacementsErrors } from './api/tire-replacements';
import { tireRequestsEndpoints, tireRequestsErrors } from './api/tire-requests';
import { tiresEndpoints, tiresErrors } from './api/tires';
import { unitsEndpoints, unitsErrors } from './api/units';
import { uploadEndpoints, uploadErrors } from './api/upload';
import { usersEndpoints, usersErrors } from './api/users';
import { workshopEndpoints, workshopErrors } from './api/workshop';
import { GENERIC_ERRORS } from './endpoint';

export const API = {
  ...auditEndpoints,
  ...authEndpoints,
  ...bannersEndpoints,
  ...customersEndpoints,
  ...defectCodesEndpoints,
  ...digestEndpoints,
  ...fieldEndpoints,
  ...filesEndpoints,
  ...importsEndpoints,
  ...inboxEndpoints,
  ...mismatchCategoriesEndpoints,
  ...mismatchesEndpoints,
  ...newsEndpoints,
  ...portalEndpoints,
  ...profileEndpoints,
  ...projectsEndpoints,
  ...pushEndpoints,
  ...storingEndpoints,
  ...qcEndpoints,
  ...regionsEndpoints,
  ...reportsEndpoints,
  ...searchEndpoints,
  ...sopEndpoints,
  ...stockEndpoints,
  ...systemEndpoints,
  ...tireChecksEndpoints,
  ...tireIntelligenceEndpoints,
  ...tireReplacementsEndpoints,
  ...tireRequestsEndpoints,
  ...tiresEndpoints,
  ...unitsEndpoints,
  ...uploadEndpoints,
  ...usersEndpoints,
  ...workshopEndpoints,
} as const;
export type ApiOperationId = keyof typeof API;

/** Every error code the API answers, with its HTTP status. */
export const ERROR_STATUS = {
  ...GENERIC_ERRORS,
  ...auditErrors,
  ...authErrors,
  ...bannersErrors,
  ...customersErrors,
  ...defectCodesErrors,
  ...digestErrors,
  ...fieldErrors,
  ...filesErrors,
  ...importsErrors,
  ...inboxErrors,
  ...mismatchCategoriesErrors,
  ...mismatchesErrors,
  ...newsErrors,
  ...portalErrors,
  ...profileErrors,
  ...projectsErrors,
  ...pushErrors,
  ...storingErrors,
  ...qcErrors,
  ...regionsErrors,
  ...reportsErrors,
  ...searchErrors,
  ...sopErrors,
  ...stockErrors,
  ...systemErrors,
  ...tireChecksErrors,
  ...tireIntelligenceErrors,
  ...tireReplacementsErrors,
  ...tireRequestsErrors,
  ...tiresErrors,
  ...unitsErrors,
  ...uploadErrors,
  ...usersErrors,
  ...workshopErrors,
} as const;
export type ApiErrorCode = keyof typeof ERROR_STATUS;

/** Each resource's own codes, for the check that no code is declared twice (a spread would hide it). */
export const ERROR_TABLES: readonly Record<string, number>[] = [
  GENERIC_ERRORS,
  auditErrors,
  authErrors,
  bannersErrors,
  customersErrors,
  defectCodesErrors,
  digestErrors,
  fieldErrors,
  filesErrors,
  importsErrors,
  inboxErrors,
  mismatchCategoriesErrors,
  mismatchesErrors,
  newsErrors,
  portalErrors,
  profileErrors,
  projectsErrors,
  pushErrors,
  qcErrors,
  regionsErrors,
  reportsErrors,
  searchErrors,
  sopErrors,
  stockErrors,
  storingErrors,
  systemErrors,
  tireChecksErrors,
  tireIntelligenceErrors,
  tireReplacementsErrors,
  tireRequestsErrors,
  tiresErrors,
  unitsErrors,
  uploadErrors,
  usersErrors,
  workshopErrors,
];
