import type { Endpoint } from '@itms/contracts/endpoint';
import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import type { call } from './api-client';
import { showApiError, toast } from './feedback';
import { applyFieldErrors } from './form-errors';
import { NOT_SAVED } from './use-close-guard';
import { invalidateAfter, recordingCall } from './write';

/** What a create, update or delete shows while it is sent (spec section 4). */
export const SENDING = 'Mengirim data ...';
const FIX_FIELDS = 'Periksa kembali isian yang ditandai merah';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText: string;
  cancelText?: string;
  danger?: boolean;
}

/** Asks before an add, update, delete or submit; Batal answers 'Changes are not saved'. */
export function useConfirm() {
  const { modal, message } = App.useApp();
  return useCallback(
    ({ title, content, okText, cancelText = 'Batal', danger }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText,
          okButtonProps: danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => {
            message.info(NOT_SAVED, 3);
            resolve(false);
          },
        });
      }),
    [modal, message],
  );
}

export interface ActionOptions<R> {
  /**
   * Sends the write through `send` (the API client's `call`): what each operation sent declares
   * stale in the endpoint table (`invalidates`) is reloaded after it.
   */
  request: (send: typeof call) => Promise<R>;
  /** Form whose fields get the server's field messages. */
  form?: FormInstance;
  /** The form's field names (default: the fields it holds values for). */
  fieldNames?: readonly string[];
  /** Success text when the reply carries no `message`. */
  successText?: string;
  /** Runs after success, before the reload (close the form). */
  onDone?: (reply: R) => void;
}

/**
 * Runs a create, update or delete: 'Mengirim data ...', then the server's success text, reloads
 * the lists; bad input lands on the form fields, other failures open the 'Oops...' dialog.
 * Resolves with the reply, or undefined when it failed.
 */
export function useAction() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async <R>({ request, form, fieldNames, successText, onDone }: ActionOptions<R>) => {
      const key = `action-${Date.now()}`;
      const written: Endpoint[] = [];
      setPending(true);
      toast().open({ key, type: 'loading', content: SENDING, duration: 0 });
      try {
        const reply = await request(recordingCall(written));
        const text = (reply as { message?: string } | undefined)?.message ?? successText;
        if (text) toast().open({ key, type: 'success', content: text, duration: 3 });
        else toast().destroy(key);
        // close the form first, so that the reload does not fetch a record that is gone
        onDone?.(reply);
        await invalidateAfter(queryClient, written);
        return reply;
      } catch (err) {
        toast().destroy(key);
        // a first write that went through, or a refusal because the data moved (409)
        void invalidateAfter(queryClient, written);
        if (form && applyFieldErrors(form, err, fieldNames).length > 0) {
          console.error(err);
          toast().error(FIX_FIELDS, 3);
        } else showApiError(err);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  return { run, pending };
}
