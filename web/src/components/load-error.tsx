import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../lib/feedback';

/**
 * In place of a list whose request failed: what failed, the server's reason ('Tidak dapat
 * terhubung ke server' when no answer came) and 'Coba lagi', so that a failure never reads as an
 * empty list.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" style={{ padding: '24px 12px', textAlign: 'center' }}>
      <WarningOutlined style={{ fontSize: 28, color: '#d4380d' }} />
      <Typography.Paragraph strong style={{ margin: '8px 0 2px' }}>
        Tidak dapat memuat data
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {errorText(error)}
      </Typography.Paragraph>
      <Button icon={<ReloadOutlined />} onClick={onRetry}>
        Coba lagi
      </Button>
    </div>
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
