import { fieldEndpoints } from '@itms/contracts/api/field';
import type { TFieldUnitSearchRow } from '@itms/contracts/field';
import { useEffect, useState } from 'react';
import { call } from '../lib/api-client';
import { plateKey } from './units';

/** The search over every unit starts at this many characters of a plate. */
export const SERVER_SEARCH_MIN = 3;
const DEBOUNCE_MS = 350;

export type UnitSearch =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; rows: TFieldUnitSearchRow[] }
  | { state: 'failed' };

/**
 * The server's plate search over every unit, while there is a signal and the text is long enough:
 * a moment after the last keystroke, the latest text's answer only.
 */
export function useUnitSearch(search: string, online: boolean): UnitSearch {
  const [result, setResult] = useState<UnitSearch>({ state: 'idle' });
  const q = search.trim();
  const wanted = online && plateKey(q).length >= SERVER_SEARCH_MIN;
  useEffect(() => {
    if (!wanted) {
      setResult({ state: 'idle' });
      return;
    }
    let current = true;
    setResult({ state: 'searching' });
    const timer = setTimeout(() => {
      call(fieldEndpoints.searchFieldUnits, { query: { q, page: 1, pageSize: 10 } }).then(
        (page) => current && setResult({ state: 'done', rows: page.data }),
        () => current && setResult({ state: 'failed' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, wanted]);
  return result;
}
