import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { errorText } from '../../lib/feedback';

/**
 * A dashboard panel whose data failed to load: said in place, with a retry, instead of one
 * "Oops..." dialog per panel (the dashboard asks for seven things at once).
 */
export function PanelError({
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
      title="Gagal mengambil data"
      description={errorText(error)}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
          Coba lagi
        </Button>
      }
    />
  );
}
