import type { Role } from '@itms/contracts/enums';

/** Who may call a route. Admin passes every check (the admin may do everything any role may). */
export const ANY_USER: readonly Role[] = ['admin', 'staff', 'tire-man'];
export const OFFICE: readonly Role[] = ['admin', 'staff'];
export const FIELD: readonly Role[] = ['admin', 'tire-man'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];

export function roleAllows(allowed: readonly Role[], role: Role): boolean {
  return role === 'admin' || allowed.includes(role);
}
