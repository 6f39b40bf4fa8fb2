import { API } from '@itms/contracts/api';
import { defectLabel, NORMAL_CODE, NOT_CHECKED_CODE } from '@itms/contracts/defect-codes';
import { useCallback, useMemo } from 'react';
import { useEndpoint } from './use-endpoint';

/**
 * The defect catalogue as the office shows it: `label(code)` is the catalogue's name ('Normal',
 * 'Tidak dicek', the admin's name or 'Kode N'); `options` are 0, 99, then every catalogue code.
 * Read once and kept for long: an admin's rename refreshes it (the write invalidates its tag).
 */
export function useDefectCodes() {
  const list = useEndpoint(API.listDefectCodes, {}, { staleTime: 10 * 60_000, meta: { silent: true } });
  const rows = list.data;
  // until the catalogue arrives the seed's names stand in (defectLabel without a catalogue)
  const label = useCallback((code: number) => defectLabel(code, rows), [rows]);
  const options = useMemo(
    () =>
      [NOT_CHECKED_CODE, NORMAL_CODE, ...(rows ?? []).map((r) => r.code)].map((code) => ({
        value: code,
        label: `${code} - ${defectLabel(code, rows)}`,
      })),
    [rows],
  );
  return { rows, label, options, isPending: list.isPending };
}
