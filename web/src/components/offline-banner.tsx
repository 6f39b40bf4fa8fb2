import { Alert } from 'antd';
import { TOP_BAR_HEIGHT } from '../app/theme';
import { useOnline } from '../lib/use-online';

/** Says so while the connection is gone: lists wait for it and load again once back. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title="Koneksi terputus"
      description="Data akan dimuat lagi begitu koneksi kembali."
      // stays in view under the sticky top bar while the screen scrolls
      style={{ position: 'sticky', top: TOP_BAR_HEIGHT, zIndex: 19 }}
    />
  );
}
