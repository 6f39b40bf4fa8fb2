import { Button } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { playNotificationSound } from './notify-sound';

export const MISMATCH_NOTICE = {
  title: 'BKB baru masuk',
  description: 'Ada laporan BKB baru yang menunggu validasi.',
  open: 'Buka BKB',
} as const;

/** One notice at a time: a second BKB replaces the first instead of stacking. */
const NOTICE_KEY = 'new-missmatch';

/**
 * A new BKB arrived while the user works on another screen: chime and a notice with 'Buka BKB',
 * instead of taking them away from what they are typing (only the dashboard goes to /mismatch).
 */
export function showMismatchNotice(notification: NotificationInstance, open: () => void) {
  playNotificationSound();
  notification.info({
    key: NOTICE_KEY,
    title: MISMATCH_NOTICE.title,
    description: MISMATCH_NOTICE.description,
    duration: 0,
    placement: 'topRight',
    actions: (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          notification.destroy(NOTICE_KEY);
          open();
        }}
      >
        {MISMATCH_NOTICE.open}
      </Button>
    ),
  });
}
