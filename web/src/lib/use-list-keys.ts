import type { InputRef } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';

export interface ListKeysOptions {
  /** The element holding the table: `j` / `k` move the focus through its rows. */
  rows?: RefObject<HTMLElement | null>;
  /** The search box that `/` focuses. */
  search?: RefObject<InputRef | null>;
  /** `?`: the help panel of the shortcuts. */
  onHelp: () => void;
  /** More single-key shortcuts of the page (`v`: validate), by key. */
  keys?: Record<string, () => void>;
}

/** Whether a key press belongs to a field or a dialog rather than to the page. */
function typedIntoSomething(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el || el === document.body) return false;
  if (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return true;
  return Boolean(el.closest('[role="dialog"], [role="listbox"], [role="combobox"]'));
}

/**
 * The keyboard of a queue: `/` focuses the search, `j` / `k` move the focus down / up the rows
 * (Enter on a focused row opens it, as the row's own handler does), `?` shows the help, and the
 * page's own keys. Keys typed into a field or a dialog, or with Ctrl / Alt / Cmd, are left alone.
 */
export function useListKeys(o: ListKeysOptions) {
  // the latest options without re-binding the listener on every render
  const latest = useRef(o);
  latest.current = o;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typedIntoSomething(e)) return;
      const { rows, search, onHelp, keys } = latest.current;
      if (e.key === '/' && search?.current) {
        e.preventDefault();
        search.current.focus();
      } else if (e.key === '?') {
        e.preventDefault();
        onHelp();
      } else if ((e.key === 'j' || e.key === 'k') && rows?.current) {
        const list = [...rows.current.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')];
        if (!list.length) return;
        e.preventDefault();
        const at = list.findIndex((r) => r.contains(document.activeElement));
        const next = at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + (e.key === 'j' ? 1 : -1)));
        list[next]!.focus();
        list[next]!.scrollIntoView({ block: 'nearest' });
      } else if (keys?.[e.key]) {
        e.preventDefault();
        keys[e.key]!();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
