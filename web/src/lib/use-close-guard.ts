import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback } from 'react';

/** The spec's note when a form is left without saving. */
export const NOT_SAVED = 'Changes are not saved';

/**
 * The close of a form dialog (Esc, X, Keluar): a form with input asks first, so a stray key or
 * click never throws away what was typed; an untouched one closes at once. Nothing while `busy`.
 */
export function useCloseGuard(
  form: FormInstance,
  onClose: () => void,
  { busy = false, notSaved = NOT_SAVED }: { busy?: boolean; notSaved?: string } = {},
): () => void {
  const { modal, message } = App.useApp();
  return useCallback(() => {
    if (busy) return;
    if (!form.isFieldsTouched()) {
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
}
