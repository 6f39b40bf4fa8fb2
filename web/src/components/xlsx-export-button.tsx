import { FileExcelOutlined } from '@ant-design/icons';
import type { Endpoint } from '@itms/contracts/endpoint';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { download } from '../lib/api-client';
import { showApiError, toast } from '../lib/feedback';

type Scalar = string | number | boolean | null | undefined;

export interface XlsxExportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** The export operation, e.g. `API.exportTires`. */
  endpoint: Endpoint;
  /** Path parameters of the export (the stock card of one tire: `{ id }`). */
  params?: Record<string, string | number>;
  /** The current filter (same query as the list). */
  query?: Record<string, Scalar>;
  filename: string;
  label?: string;
}

/** Downloads the server's XLSX of the list for the current filter. */
export function XlsxExportButton({
  endpoint,
  params,
  query,
  filename,
  label = 'Export',
  ...rest
}: XlsxExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const key = `export-${endpoint.operationId}`;
    toast().open({ key, type: 'loading', content: 'Menyiapkan file Excel ...', duration: 0 });
    try {
      await download(endpoint, { params, query }, filename);
      toast().open({ key, type: 'success', content: 'File Excel diunduh', duration: 3 });
    } catch (err) {
      toast().destroy(key);
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} onClick={run} loading={busy} {...rest}>
      {label}
    </Button>
  );
}
