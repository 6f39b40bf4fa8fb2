import { ACCESS_ROLES, type Endpoint } from '@itms/contracts/endpoint';
import type { Role } from '@itms/contracts/enums';
import { getStoredUser } from './storage';

/**
 * Whether the signed-in role may call an operation (its declared `access`, as the server enforces
 * it). What the shell shows on every screen asks this first, so that a role never sees a control
 * the server answers 403 to (the workshop role reaches only its own account and Tanda Tangan
 * Workshop).
 */
export function mayCall(endpoint: Pick<Endpoint, 'access'>, role: Role): boolean {
  return role === 'admin' || endpoint.access === 'public' || ACCESS_ROLES[endpoint.access].includes(role);
}

/** `mayCall` for the account signed in on this browser; nobody signed in may call nothing. */
export function signedInMayCall(endpoint: Pick<Endpoint, 'access'>): boolean {
  const role = getStoredUser()?.role;
  return role !== undefined && mayCall(endpoint, role);
}
