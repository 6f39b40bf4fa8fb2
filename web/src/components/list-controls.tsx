import { Input, type TableProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value';

/**
 * The list's search box; the text lives in the URL (`q`). Enter or 'Cari' searches; with
 * `debounceMs` the typing searches too, once it pauses that long.
 */
export function ListSearch({
  value,
  onSearch,
  placeholder,
  debounceMs,
}: {
  value: string | undefined;
  onSearch: (text: string) => void;
  placeholder: string;
  debounceMs?: number;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const settled = useDebouncedValue(text, debounceMs ?? 0);
  const search = useRef(onSearch);
  search.current = onSearch;
  // a settled text searches; a new URL value (Back, a link) does not
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the settled text only
  useEffect(() => {
    if (debounceMs !== undefined && settled.trim() !== (value ?? '')) search.current(settled);
  }, [settled, debounceMs]);
  return (
    <Input.Search
      aria-label="Cari"
      placeholder={placeholder}
      allowClear
      enterButton="Cari"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        // clearing the box (its x button) shows everything again
        if (e.target.value === '' && value) onSearch('');
      }}
      onSearch={(v) => onSearch(v)}
      style={{ flex: '1 1 240px', maxWidth: 360 }}
    />
  );
}

/** Row props of a list whose rows open the edit form: click, Enter or Space. */
export function openableRow<T>(open: (row: T) => void): TableProps<T>['onRow'] {
  return (row) => ({
    onClick: (e) => {
      // a click on a control inside the row (thumbnail zoom, buttons) is its own action
      if ((e.target as HTMLElement).closest('button, a, .ant-image, input')) return;
      open(row);
    },
    onKeyDown: (e) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open(row);
      }
    },
    tabIndex: 0,
    style: { cursor: 'pointer' },
  });
}
