import { App, Modal, message as staticMessage } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from './api-client';
import { NOT_SAVED } from './use-close-guard';

/** Footer of the generic error dialog: what the user can do about it (spec section 8). */
export const ERROR_FOOTER = 'Periksa data lalu coba lagi; bila tetap gagal, hubungi admin.';
/** Footer of login, credential and logout failures (spec section 8). */
export const CONTACT_ADMIN_FOOTER = 'Contact admin';

type AppFeedback = ReturnType<typeof App.useApp>;
let bridge: Pick<AppFeedback, 'modal' | 'message'> | null = null;

/**
 * Lets non-React code (query callbacks, socket handlers) open antd dialogs and toasts that use
 * the app's theme and locale. Rendered once inside antd's <App>.
 */
export function FeedbackBridge() {
  const { modal, message } = App.useApp();
  bridge = { modal, message };
  return null;
}

/** The message of any thrown value, for people. */
export function errorText(err: unknown): string {
  if (isApiError(err)) {
    const fields = err.fields?.map((f) => f.message).filter((m) => m && m !== err.message) ?? [];
    return fields.length ? `${err.message}: ${[...new Set(fields)].join(', ')}` : err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return 'Terjadi kesalahan';
}

export interface ErrorDialogOptions {
  text: string;
  title?: string;
  /** Small print under the text; null for none. */
  footer?: string | null;
}

/** The "Oops..." error dialog: icon error, title, error text, footer (spec section 8). */
export function showErrorDialog({ text, title = 'Oops...', footer = ERROR_FOOTER }: ErrorDialogOptions) {
  const config = {
    title,
    content: (
      <div>
        <div>{text}</div>
        {footer ? (
          <div
            style={{
              marginTop: 16,
              paddingTop: 10,
              borderTop: '1px solid rgba(5, 5, 5, 0.06)',
              color: 'rgba(0, 0, 0, 0.45)',
              fontSize: 13,
            }}
          >
            {footer}
          </div>
        ) : null}
      </div>
    ),
    okText: 'OK',
  };
  return bridge ? bridge.modal.error(config) : Modal.error(config);
}

/** Error dialog for a failed call, logged as well (spec section 8). */
export function showApiError(err: unknown, footer: string | null = ERROR_FOOTER) {
  console.error(err);
  return showErrorDialog({ text: errorText(err), footer });
}

export function toast(): AppFeedback['message'] {
  return bridge?.message ?? staticMessage;
}

/**
 * The last question before a validation is sent: 'Yakin mengirim data ?' with Kirim and Batal.
 * `onOk` may return a promise: the dialog waits for it.
 */
export function confirmSend(onOk: () => unknown, content?: ReactNode) {
  const config = {
    title: 'Yakin mengirim data ?',
    content,
    okText: 'Kirim',
    cancelText: 'Batal',
    onOk,
    onCancel: () => {
      toast().info(NOT_SAVED);
    },
  };
  return bridge ? bridge.modal.confirm(config) : Modal.confirm(config);
}

/**
 * Sends a validation (check, replacement, BKB) after one question at most. With the account's
 * stored signature nothing was signed on screen, so 'Yakin mengirim data ?' is asked; a signature
 * the EDP has just drawn and submitted in the pad, then sent with SUBMIT, already was the yes, so
 * it is sent at once, without a second question.
 */
export function sendValidation({
  drawn,
  send,
  content,
}: {
  drawn: boolean;
  send: () => unknown;
  content?: ReactNode;
}) {
  if (drawn) {
    void send();
    return;
  }
  confirmSend(send, content);
}
