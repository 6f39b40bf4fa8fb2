import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { TIRE_MESSAGES, TIRE_NUMERIC_SEARCH_FIELDS, type TireSearchField } from '@itms/contracts/tire-list';
import { Button, Collapse, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../lib/feedback';
import { SEARCH_BY_OPTIONS, searchFieldLabel } from './tire-filters';

export interface TireSearchPanelProps {
  searchBy: TireSearchField | undefined;
  q: string | undefined;
  onSearch: (searchBy: TireSearchField, q: string) => void;
  onReset: () => void;
  loading?: boolean;
}

/** "Pencarian Detail": a grouped search-by Select and the text to look for. */
export function TireSearchPanel({ searchBy, q, onSearch, onReset, loading }: TireSearchPanelProps) {
  const [field, setField] = useState<TireSearchField>(searchBy ?? 'serial_number');
  const [text, setText] = useState(q ?? '');
  const textId = useId();
  useEffect(() => {
    setField(searchBy ?? 'serial_number');
    setText(q ?? '');
  }, [searchBy, q]);

  const numeric = TIRE_NUMERIC_SEARCH_FIELDS.includes(field);
  const submit = () => {
    const t = text.trim();
    if (!t) {
      toast().warning(TIRE_MESSAGES.emptySearch, 3);
      return;
    }
    if (numeric && !Number.isFinite(Number(t.replace(',', '.')))) {
      toast().warning(`${searchFieldLabel(field)} harus berupa angka`, 3);
      return;
    }
    onSearch(field, numeric ? t.replace(',', '.') : t);
  };

  const active = Boolean(q);
  return (
    <Collapse
      defaultActiveKey={active ? ['search'] : []}
      items={[
        {
          key: 'search',
          label: (
            <Flex gap={8} align="center" wrap>
              <SearchOutlined />
              <span>Pencarian Detail</span>
              {active ? (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {searchBy ? searchFieldLabel(searchBy) : 'S/N, brand, pattern, size'}: "{q}"
                </Typography.Text>
              ) : null}
            </Flex>
          ),
          children: (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Flex gap={8} wrap align="end">
                <Flex vertical gap={4} style={{ flex: '1 1 220px', maxWidth: 280 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    Cari berdasarkan
                  </Typography.Text>
                  <Select<TireSearchField>
                    aria-label="Cari berdasarkan"
                    value={field}
                    onChange={setField}
                    options={SEARCH_BY_OPTIONS}
                    showSearch={{ optionFilterProp: 'label' }}
                    listHeight={320}
                  />
                </Flex>
                <Flex vertical gap={4} style={{ flex: '2 1 220px', maxWidth: 360 }}>
                  <label htmlFor={textId} style={{ fontSize: 13, color: 'rgba(0,0,0,0.45)' }}>
                    Kata pencarian
                  </label>
                  <Input
                    id={textId}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    placeholder={numeric ? 'Angka, mis. 3' : `Ketik ${searchFieldLabel(field)}`}
                    inputMode={numeric ? 'decimal' : undefined}
                    allowClear
                  />
                </Flex>
                <Flex gap={8}>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
                    Cari
                  </Button>
                  <Button icon={<UndoOutlined />} onClick={onReset} disabled={!active}>
                    Reset
                  </Button>
                </Flex>
              </Flex>
            </form>
          ),
        },
      ]}
    />
  );
}
