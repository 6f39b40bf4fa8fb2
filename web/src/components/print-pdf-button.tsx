import { PrinterOutlined } from '@ant-design/icons';
import type { Endpoint } from '@itms/contracts/endpoint';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { download } from '../lib/api-client';
import { showApiError, toast } from '../lib/feedback';

export interface PrintPdfButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'id'> {
  /** The PDF operation, e.g. `API.printTireCheck`. */
  endpoint: Endpoint;
  /** The record's id (the operation's `:id`). */
  id: number;
  /** The name the file is saved under (contracts' pdfFilename, as the server names it). */
  filename: string;
}

/** Cetak: downloads the server's A4 PDF of one record with the session's token. */
export function PrintPdfButton({ endpoint, id, filename, ...rest }: PrintPdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const key = `print-${endpoint.operationId}-${id}`;
    toast().open({ key, type: 'loading', content: 'Menyiapkan PDF ...', duration: 0 });
    try {
      await download(endpoint, { params: { id } }, filename);
      toast().open({ key, type: 'success', content: 'PDF diunduh', duration: 3 });
    } catch (err) {
      toast().destroy(key);
      showApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<PrinterOutlined />} onClick={run} loading={busy} {...rest}>
      Cetak
    </Button>
  );
}
