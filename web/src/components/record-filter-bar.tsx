import { API } from '@itms/contracts/api';
import { DOC_STATUSES, type DocStatus } from '@itms/contracts/enums';
import type { TUnitRow } from '@itms/contracts/master-data';
import { RECORD_FILTER_LABELS, type TRecordFilters } from '@itms/contracts/record-filters';
import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useEndpoint } from '../lib/use-endpoint';
import { FILTER_STYLE } from './page-frame';
import { RemoteSelect } from './remote-select';

/** The record screens' filters as the URL keeps them (?unit_id&tireman_id&location_id&status). */
export function recordFiltersFromParams(params: URLSearchParams): TRecordFilters {
  const id = (k: string) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const status = params.get('status');
  return {
    unit_id: id('unit_id'),
    tireman_id: id('tireman_id'),
    location_id: id('location_id'),
    status: DOC_STATUSES.includes(status as DocStatus) ? (status as DocStatus) : undefined,
  };
}

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

export interface RecordFilterBarProps {
  value: TRecordFilters;
  /** One filter changed (undefined: cleared). */
  onChange: (key: keyof TRecordFilters, value: number | string | undefined) => void;
  /** Shown at the end of the bar (the Export button). */
  extra?: ReactNode;
}

/**
 * Plat nomor, Tire man, Lokasi and Status of Rekam Pengecekan, Riwayat Pergantian and Rekam BKB,
 * besides their dates. The units are many: their select searches on the server.
 */
export function RecordFilterBar({ value, onChange, extra }: RecordFilterBarProps) {
  // the options' own failure leaves a select empty: the list below says what failed, no dialog on top
  const options = { staleTime: 60_000, meta: { silent: true } };
  const tireMen = useEndpoint(API.listTireManOptions, {}, options);
  const locations = useEndpoint(API.listLocations, {}, options);
  const common = { allowClear: true, style: FILTER_STYLE, popupMatchSelectWidth: 260 } as const;
  return (
    <Flex wrap gap={8} align="center" role="search" aria-label="Filter">
      <RemoteSelect<TUnitRow>
        {...common}
        list={API.listUnits}
        get={API.getUnit}
        sort="plate_number"
        labelOf={(u) => u.plate_number}
        value={value.unit_id}
        onChange={(v) => onChange('unit_id', v)}
        placeholder={`Semua ${RECORD_FILTER_LABELS.unit_id.toLowerCase()}`}
        aria-label={RECORD_FILTER_LABELS.unit_id}
      />
      <Select<number>
        {...common}
        showSearch={{ optionFilterProp: 'label' }}
        loading={tireMen.isFetching}
        options={(tireMen.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={value.tireman_id}
        onChange={(v) => onChange('tireman_id', v)}
        placeholder="Semua tire man"
        aria-label={RECORD_FILTER_LABELS.tireman_id}
      />
      <Select<number>
        {...common}
        showSearch={{ optionFilterProp: 'label' }}
        loading={locations.isFetching}
        options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={value.location_id}
        onChange={(v) => onChange('location_id', v)}
        placeholder="Semua lokasi"
        aria-label={RECORD_FILTER_LABELS.location_id}
      />
      <Select<string>
        {...common}
        options={STATUS_OPTIONS}
        value={value.status}
        onChange={(v) => onChange('status', v)}
        placeholder="Semua status"
        aria-label={RECORD_FILTER_LABELS.status}
      />
      {extra ? <div style={{ marginInlineStart: 'auto' }}>{extra}</div> : null}
    </Flex>
  );
}
