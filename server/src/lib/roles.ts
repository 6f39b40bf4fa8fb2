import { ACCESS_ROLES } from '@itms/contracts/endpoint';
import type { Role } from '@itms/contracts/enums';

// Groups a service checks itself: the same roles as the access levels of the endpoint table
/** Admin and staff. */
export const OFFICE = ACCESS_ROLES.office;
/** The office and the workshop role (Tanda Tangan Workshop). */
export const WORKSHOP = ACCESS_ROLES.workshop;

/** Whether `role` is in `allowed`. Admin passes every check (the admin may do everything any role may). */
export function roleAllows(allowed: readonly Role[], role: Role): boolean {
  return role === 'admin' || allowed.includes(role);
}
