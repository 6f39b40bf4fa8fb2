import { SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SERIAL_SEARCH_DEBOUNCE_MS } from '@itms/contracts/constants';
import { AutoComplete, Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/feedback';
import { useEndpoint } from '../../lib/use-endpoint';
import type { StockCardSelection } from './selection';

type Mode = 'tire' | 'group';

function useDebounced(value: string, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ flex: '1 1 200px', maxWidth: 320 }}>
      <label htmlFor={id} style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)' }}>
        {label}
      </label>
      {children}
    </Flex>
  );
}

/** Choose the card: a tire by its serial number, or a size and brand. */
export function StockCardChooser({
  selection,
  onChoose,
}: {
  selection: StockCardSelection;
  onChoose: (next: Record<string, string | undefined>) => void;
}) {
  const [mode, setMode] = useState<Mode>(selection.kind === 'group' ? 'group' : 'tire');
  const [serial, setSerial] = useState('');
  const text = useDebounced(serial.trim(), SERIAL_SEARCH_DEBOUNCE_MS);
  // serial prefix search (20 at most)
  const found = useEndpoint(
    API.findTireSerials,
    { params: { text } },
    { enabled: text.length > 0, staleTime: 30_000 },
  );
  const [size, setSize] = useState(selection.kind === 'group' ? (selection.size ?? '') : '');
  const [brand, setBrand] = useState(selection.kind === 'group' ? (selection.brand ?? '') : '');
  const keys = useEndpoint(API.getStockCardKeys, {}, { enabled: mode === 'group', staleTime: 60_000 });
  const ids = { serial: useId(), size: useId(), brand: useId() };

  useEffect(() => {
    if (selection.kind === 'group') {
      setMode('group');
      setSize(selection.size ?? '');
      setBrand(selection.brand ?? '');
    } else if (selection.kind === 'tire') setMode('tire');
  }, [selection]);

  const showGroup = () => {
    if (!size.trim() && !brand.trim()) {
      toast().warning('Pilih size atau brand terlebih dahulu', 3);
      return;
    }
    onChoose({
      tire: undefined,
      size: size.trim().toUpperCase() || undefined,
      brand: brand.trim().toUpperCase() || undefined,
    });
  };

  const matches = (list: string[] | undefined, typed: string) =>
    (list ?? []).filter((v) => v.toLowerCase().includes(typed.toLowerCase())).map((v) => ({ value: v }));

  return (
    <Card size="small">
      <Flex vertical gap={12}>
        <Segmented<Mode>
          aria-label="Jenis kartu stok"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'tire', label: 'Per Ban (No. Seri)' },
            { value: 'group', label: 'Per Size & Brand' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {mode === 'tire' ? (
          <Flex gap={8} wrap align="end">
            <Labelled id={ids.serial} label="Nomor seri ban">
              <AutoComplete
                id={ids.serial}
                value={serial}
                onChange={setSerial}
                allowClear
                placeholder="Ketik awal nomor seri, mis. BS26"
                options={(found.data ?? []).map((t) => ({
                  value: t.serial_number,
                  label: (
                    <Flex justify="space-between" gap={8}>
                      <span>
                        <b>{t.serial_number}</b> · {t.ir_brand}
                      </span>
                      <Tag style={{ marginInlineEnd: 0 }}>{t.status}</Tag>
                    </Flex>
                  ),
                }))}
                onSelect={(sn: string) => {
                  const t = found.data?.find((x) => x.serial_number === sn);
                  if (t) onChoose({ tire: String(t.id), size: undefined, brand: undefined });
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !serial.trim()) toast().warning('Pencarian tidak boleh kosong', 3);
                }}
                notFoundContent={found.isFetching ? 'Mengambil Data ...' : text ? 'Tidak ada data' : null}
              />
            </Labelled>
            <Typography.Text type="secondary" style={{ fontSize: 13, paddingBottom: 6 }}>
              Pilih ban dari daftar yang muncul.
            </Typography.Text>
          </Flex>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              showGroup();
            }}
          >
            <Flex gap={8} wrap align="end">
              <Labelled id={ids.size} label="Size">
                <AutoComplete
                  id={ids.size}
                  value={size}
                  onChange={setSize}
                  options={matches(keys.data?.sizes, size)}
                  placeholder="mis. 11.00-20"
                  allowClear
                />
              </Labelled>
              <Labelled id={ids.brand} label="Brand (IR)">
                <AutoComplete
                  id={ids.brand}
                  value={brand}
                  onChange={setBrand}
                  options={matches(keys.data?.brands, brand)}
                  placeholder="mis. BRIDGESTONE"
                  allowClear
                />
              </Labelled>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                Tampilkan
              </Button>
            </Flex>
          </form>
        )}
      </Flex>
    </Card>
  );
}
