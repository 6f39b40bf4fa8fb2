import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../lib/feedback';

/**
 * A list or panel whose request failed, said in place: what failed, the server's reason ('Tidak
 * dapat terhubung ke server' when no answer came) and 'Coba lagi'. Never reads as an empty list,
 * and no "Oops..." dialog on top (a screen may ask for several things at once).
 */
export function LoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title="Tidak dapat memuat data"
      description={errorText(error)}
      style={{ textAlign: 'start' }}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
          Coba lagi
        </Button>
      }
    />
  );
}

/**
 * What an empty table says, honestly: the failure with 'Coba lagi', a wait for the connection
 * (React Query pauses requests while offline and sends them once back), the wait for the first
 * answer, or that there really are no rows.
 */
export function listEmptyText(
  query: Pick<UseQueryResult, 'isError' | 'error' | 'fetchStatus' | 'isPending'>,
  retry: () => void,
  empty: ReactNode = 'Tidak ada data',
): ReactNode {
  if (query.fetchStatus === 'paused') return 'Menunggu koneksi ...';
  if (query.isError && query.fetchStatus === 'idle') return <LoadError error={query.error} onRetry={retry} />;
  if (query.isPending && query.fetchStatus === 'fetching') return 'Mengambil Data ...';
  return empty;
}
