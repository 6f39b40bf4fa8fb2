import { SERIAL_SEARCH_DEBOUNCE_MS } from '@itms/contracts/constants';
import type { TTireSnLite } from '@itms/contracts/tires';
import { AutoComplete, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { findSerials } from './api/find-serials';
import { type ChosenTire, sameSerial } from './position-plan';

export interface SerialAutoCompleteProps {
  value: string;
  /** `tire` is set when the serial was picked from the list or matches a listed tire exactly. */
  onChange: (serial: string, tire: ChosenTire | null) => void;
  disabled?: boolean;
  /** Accessible name, e.g. 'Sesudah posisi 3'. */
  label: string;
  placeholder?: string;
}

type SearchState =
  | { state: 'idle' }
  | { state: 'loading'; text: string }
  | { state: 'done'; text: string; tires: TTireSnLite[] }
  | { state: 'failed'; text: string };

const toChosen = (t: TTireSnLite): ChosenTire => ({
  id: t.id,
  serialNumber: t.serial_number,
  irBrand: t.ir_brand,
});

/**
 * Serial number input with suggestions from GET /tire/findSnLite, asked 500 ms after the last
 * keystroke (spec section 5). Scrapped tires are listed but cannot be picked.
 */
export function SerialAutoComplete({
  value,
  onChange,
  disabled,
  label,
  placeholder,
}: SerialAutoCompleteProps) {
  const [search, setSearch] = useState<SearchState>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const lookUp = (text: string) => {
    clearTimeout(timer.current);
    abort.current?.abort();
    const trimmed = text.trim();
    // an empty search is refused by the server ('Pencarian tidak boleh kosong'): do not ask
    if (!trimmed) {
      setSearch({ state: 'idle' });
      return;
    }
    setSearch({ state: 'loading', text: trimmed });
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      abort.current = controller;
      try {
        const tires = await findSerials(trimmed, controller.signal);
        if (controller.signal.aborted) return;
        setSearch({ state: 'done', text: trimmed, tires });
        // a typed serial that is exactly a listed tire counts as picked
        const exact = tires.find((t) => sameSerial(t.serial_number, trimmed) && t.status !== 'SCRAP');
        if (exact) onChange(text, toChosen(exact));
      } catch {
        if (!controller.signal.aborted) setSearch({ state: 'failed', text: trimmed });
      }
    }, SERIAL_SEARCH_DEBOUNCE_MS);
  };

  const tires = search.state === 'done' ? search.tires : [];
  const options = tires.map((t) => ({
    value: t.serial_number,
    disabled: t.status === 'SCRAP',
    label: (
      <Flex justify="space-between" gap={12}>
        <span>
          <Typography.Text strong>{t.serial_number}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t.ir_brand}</Typography.Text>
        </span>
        <Typography.Text type={t.status === 'UNINSTALLED' ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
          {t.status}
        </Typography.Text>
      </Flex>
    ),
  }));

  const notFound =
    search.state === 'loading' ? (
      <Flex gap={8} align="center">
        <Spin size="small" /> Mencari nomor seri ...
      </Flex>
    ) : search.state === 'failed' ? (
      <Typography.Text type="danger">Gagal mencari nomor seri</Typography.Text>
    ) : search.state === 'done' ? (
      'Nomor seri tidak ditemukan'
    ) : null;

  return (
    <AutoComplete
      aria-label={label}
      value={value}
      options={options}
      disabled={disabled}
      placeholder={placeholder ?? 'Cari nomor seri'}
      allowClear
      popupMatchSelectWidth={280}
      notFoundContent={notFound}
      showSearch={{ filterOption: false, onSearch: lookUp }}
      onChange={(text: string) => onChange(text ?? '', null)}
      onSelect={(serial: string) => {
        const tire = tires.find((t) => t.serial_number === serial);
        onChange(serial, tire ? toChosen(tire) : null);
      }}
      style={{ width: '100%' }}
    />
  );
}
