import { PRODUCT_NAME } from '@itms/contracts/constants';
import type { Role } from '@itms/contracts/enums';
import { type AppRouteMeta, canOpen, menuForRole, ROUTE_BY_PATH } from '@itms/contracts/routes';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  meta?: AppRouteMeta;
}

/** Metadata (title, menu, roles) of the deepest matched back-office route, if any. */
export function useRouteMeta(): AppRouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = (matches[i].handle as RouteHandle | undefined)?.meta;
    if (meta) return meta;
  }
  return undefined;
}

export const APP_NAME = `ITMS - ${PRODUCT_NAME}`;

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ITMS` : APP_NAME;
  }, [title]);
}

/** The Dashboard: where a signed-in office user lands (after /login, the 404 and 403 pages). */
export const DASHBOARD_PATH = '/';

/** Whether the role may open the screen at `path` (a path of the route table; unknown: no). */
export function canOpenPath(path: string, role: Role): boolean {
  const route = ROUTE_BY_PATH.get(path);
  return route !== undefined && canOpen(route, role);
}

/**
 * Where a signed-in user lands: the Dashboard when the role may open it, else the first screen of
 * its menu (the workshop role: /tanda-tangan). The one rule for every "go home" of the back office:
 * after /login, on opening '/', and the links of the 403 and 404 pages.
 */
export function homeOf(role: Role | undefined): string {
  if (!role || canOpenPath(DASHBOARD_PATH, role)) return DASHBOARD_PATH;
  return menuForRole(role)[0]?.items[0]?.path ?? DASHBOARD_PATH;
}

/** The "Kembali ke ..." link of the 403 and 404 pages: the role's home and its title. */
export function homeLinkOf(role: Role | undefined): { to: string; label: string } {
  const to = homeOf(role);
  return { to, label: `Kembali ke ${ROUTE_BY_PATH.get(to)?.title ?? 'Dashboard'}` };
}
