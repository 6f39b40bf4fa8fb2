import { API } from '@itms/contracts/api';
import { SERIAL_SEARCH_DEBOUNCE_MS } from '@itms/contracts/constants';
import type { TTireSnLite } from '@itms/contracts/tires';
import { AutoComplete, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useEndpoint } from '../../lib/use-endpoint';
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

const toChosen = (t: TTireSnLite): ChosenTire => ({
  id: t.id,
  serialNumber: t.serial_number,
  irBrand: t.ir_brand,
});

/**
 * Serial number input with suggestions from the serial search (findTireSerials), asked 500 ms
 * after the last keystroke (spec section 5). Scrapped tires are listed but cannot be picked.
 */
export function SerialAutoComplete({
  value,
  onChange,
  disabled,
  label,
  placeholder,
}: SerialAutoCompleteProps) {
  /** What was last typed, as typed; and the trimmed text asked, once the typing paused. */
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const typedRef = useRef(typed);
  typedRef.current = typed;

  useEffect(() => () => clearTimeout(timer.current), []);

  // an empty search is refused by the server ('Pencarian tidak boleh kosong'): never asked
  const found = useEndpoint(
    API.findTireSerials,
    { params: { text: term } },
    { enabled: term !== '', meta: { silent: true } },
  );

  const lookUp = (text: string) => {
    clearTimeout(timer.current);
    setTyped(text);
    const trimmed = text.trim();
    if (!trimmed) {
      setTerm('');
      return;
    }
    timer.current = setTimeout(() => setTerm(trimmed), SERIAL_SEARCH_DEBOUNCE_MS);
  };

  const current = typed.trim() !== '' && typed.trim() === term;
  const search =
    typed.trim() === ''
      ? 'idle'
      : !current || found.isPending
        ? 'loading'
        : found.isError
          ? 'failed'
          : 'done';

  // a typed serial that is exactly a listed tire counts as picked (once its answer is in)
  useEffect(() => {
    const text = typedRef.current;
    if (!found.data || !term || text.trim() !== term) return;
    const exact = found.data.find((t) => sameSerial(t.serial_number, term) && t.status !== 'SCRAP');
    if (exact) onChangeRef.current(text, toChosen(exact));
  }, [found.data, term]);

  const tires = search === 'done' ? (found.data ?? []) : [];
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
    search === 'loading' ? (
      <Flex gap={8} align="center">
        <Spin size="small" /> Mencari nomor seri ...
      </Flex>
    ) : search === 'failed' ? (
      <Typography.Text type="danger">Gagal mencari nomor seri</Typography.Text>
    ) : search === 'done' ? (
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
