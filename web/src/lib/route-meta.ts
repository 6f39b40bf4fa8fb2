import { PRODUCT_NAME } from '@itms/contracts/constants';
import type { AppRouteMeta } from '@itms/contracts/routes';
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
