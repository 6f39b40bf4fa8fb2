import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback, useRef } from 'react';

/** The spec's note when a form is left without saving. */
export const NOT_SAVED = 'Changes are not saved';

/** A form's values as comparable text: keys sorted, blanks ('' / null / undefined) left out. */
function snapshot(values: unknown): string {
  return JSON.stringify(values, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && value.constructor === Object) {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .filter((k) => value[k] !== undefined && value[k] !== null && value[k] !== '')
          .map((k) => [k, value[k]]),
      );
    }
    return value;
  });
}

const EMPTY = snapshot({});

export interface CloseGuard {
  /** Esc, X, Keluar: asks first only when a value differs from what `load` put in the form. */
  close: () => void;
  /** Fills the form for this opening (reset, then these values) and remembers them as unchanged. */
  load: (values?: object) => void;
}

/**
 * The close of a form dialog (Esc, X, Keluar): a form whose values changed since it was loaded
 * asks first, so a stray key or click never throws away what was typed; a form nobody typed in,
 * or whose values are as loaded, closes at once. Values, not antd's touched flags, decide: antd marks every field that
 * `setFieldsValue` fills as touched, so an edit form opened and closed untouched would ask. Nothing
 * while `busy`.
 */
export function useCloseGuard(
  form: FormInstance,
  onClose: () => void,
  { busy = false, notSaved = NOT_SAVED }: { busy?: boolean; notSaved?: string } = {},
): CloseGuard {
  const { modal, message } = App.useApp();
  const loaded = useRef<string | null>(null);

  const load = useCallback(
    (values?: object) => {
      form.resetFields();
      if (values) form.setFieldsValue(values);
      loaded.current = snapshot(form.getFieldsValue(true));
    },
    [form],
  );

  const close = useCallback(() => {
    if (busy) return;
    // nothing typed (no field touched: a form's own initialValues, filled as its dialog mounts
    // after `load`, are not the user's), or the values are back as loaded (a form never loaded
    // started empty)
    if (!form.isFieldsTouched() || snapshot(form.getFieldsValue(true)) === (loaded.current ?? EMPTY)) {
      onClose();
      return;
    }
    modal.confirm({
      title: 'Tutup form ini?',
      content: 'Isian yang belum disimpan akan hilang.',
      okText: 'Tutup tanpa menyimpan',
      okButtonProps: { danger: true },
      cancelText: 'Lanjut mengisi',
      onOk: () => {
        message.info(notSaved, 3);
        onClose();
      },
    });
  }, [busy, form, modal, message, notSaved, onClose]);

  return { close, load };
}
