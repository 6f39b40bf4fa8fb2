import { PrinterOutlined } from '@ant-design/icons';
import type { Endpoint } from '@itms/contracts/endpoint';
import type { ButtonProps } from 'antd';
import { DownloadButton } from './download-button';

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
  return (
    <DownloadButton
      endpoint={endpoint}
      params={{ id }}
      filename={filename}
      toastKey={`print-${endpoint.operationId}-${id}`}
      preparing="Menyiapkan PDF ..."
      done="PDF diunduh"
      icon={<PrinterOutlined />}
      {...rest}
    >
      Cetak
    </DownloadButton>
  );
}
