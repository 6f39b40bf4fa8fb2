import type { InputRef } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { toast } from './feedback';

export interface ListKeysOptions {
  /** The element holding the table: `j` / `k` move the focus through its rows. */
  rows?: RefObject<HTMLElement | null>;
  /** The search box that `/` focuses. */
  search?: RefObject<InputRef | null>;
  /** `?`: the help panel of the shortcuts. */
  onHelp: () => void;
  /** More single-key shortcuts of the page (`v`: validate), by key. */
  keys?: Record<string, () => void>;
  /**
   * An element inside a dialog whose keys are the page's (the BKB validation form): the keys are
   * taken only when pressed in that dialog, and still not in its fields or in a dialog above it.
   */
  within?: RefObject<HTMLElement | null>;
}

/** Whether a key press belongs to a field or another dialog rather than to the page. */
function typedIntoSomething(e: KeyboardEvent, within?: RefObject<HTMLElement | null>): boolean {
  const el = e.target as HTMLElement | null;
  if (el?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el?.tagName ?? '')) return true;
  const layer =
    el && el !== document.body ? el.closest('[role="dialog"], [role="listbox"], [role="combobox"]') : null;
  if (!within) return Boolean(layer);
  return !(layer && within.current && layer.contains(within.current));
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
      const { rows, search, onHelp, keys, within } = latest.current;
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typedIntoSomething(e, within)) return;
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

/** What `v` says when the account has no stored signature to validate with. */
export const STORED_SIGN_NEEDED = 'Pintasan ini memakai tanda tangan tersimpan: simpan dulu di Profil saya';

export interface ValidationKeysOptions {
  /** The signed-in user's stored signature, or null: `v` needs one. */
  storedSign: string | null;
  /** Nothing to validate now: read-only, already sent, sending, or opening the next item. */
  disabled: boolean;
  /** Validasi & berikutnya with the stored signature (after the one Kirim confirmation). */
  onValidateNext: () => void;
  onHelp: () => void;
  within?: RefObject<HTMLElement | null>;
}

/** The keys of a validation form: `v` is Validasi & berikutnya with the stored signature, `?` the help. */
export function useValidationKeys({
  storedSign,
  disabled,
  onValidateNext,
  onHelp,
  within,
}: ValidationKeysOptions) {
  useListKeys({
    onHelp,
    within,
    keys: {
      v: () => {
        if (disabled) return;
        if (!storedSign) toast().warning(STORED_SIGN_NEEDED);
        else onValidateNext();
      },
    },
  });
}
