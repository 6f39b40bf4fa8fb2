import type { Endpoint } from '@itms/contracts/endpoint';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { download } from '../lib/api-client';
import { showApiError, toast } from '../lib/feedback';

export type Scalar = string | number | boolean | null | undefined;

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  /** The file operation, e.g. `API.exportTires` or `API.printTireCheck`. */
  endpoint: Endpoint;
  params?: Record<string, string | number>;
  query?: Record<string, Scalar>;
  /** The name the file is saved under. */
  filename: string;
  /** The progress toast's key: one toast per file being made. */
  toastKey: string;
  /** What the toast says while the server makes the file, and once it is saved. */
  preparing: string;
  done: string;
  children: ReactNode;
}

/** Downloads a file the server makes (with the session's token), a toast telling how it goes. */
export function DownloadButton({
  endpoint,
  params,
  query,
  filename,
  toastKey,
  preparing,
  done,
  children,
  ...rest
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    toast().open({ key: toastKey, type: 'loading', content: preparing, duration: 0 });
    try {
      await download(endpoint, { params, query }, filename);
      toast().open({ key: toastKey, type: 'success', content: done, duration: 3 });
    } catch (err) {
      toast().destroy(toastKey);
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={run} loading={busy} {...rest}>
      {children}
    </Button>
  );
}
