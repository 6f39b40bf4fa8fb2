import { FileExcelOutlined } from '@ant-design/icons';
import type { Endpoint } from '@itms/contracts/endpoint';
import type { ButtonProps } from 'antd';
import { DownloadButton, type Scalar } from './download-button';

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
export function XlsxExportButton({ endpoint, label = 'Export', ...rest }: XlsxExportButtonProps) {
  return (
    <DownloadButton
      endpoint={endpoint}
      toastKey={`export-${endpoint.operationId}`}
      preparing="Menyiapkan file Excel ..."
      done="File Excel diunduh"
      icon={<FileExcelOutlined />}
      {...rest}
    >
      {label}
    </DownloadButton>
  );
}
