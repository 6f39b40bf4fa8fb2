import type { TInboxItem } from '@itms/contracts/inbox';
import { INBOX_KIND_LABELS } from '@itms/contracts/inbox';
import { Badge, Typography } from 'antd';
import { formatDate, formatTime } from '../../lib/dayjs';

/** When an item arrived, as the lists show it. */
export const arrivedAt = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** An item's text: unread ones bold with a dot; the kind, the time and the body under the title. */
export function InboxItemText({ item }: { item: TInboxItem }) {
  const unread = item.read_at == null;
  return (
    <span style={{ display: 'flex', gap: 8, alignItems: 'flex-start', minWidth: 0 }}>
      <Badge status={unread ? 'processing' : 'default'} style={{ paddingTop: 2 }} />
      <span style={{ minWidth: 0, flex: 1 }}>
        <span
          style={{
            display: 'block',
            fontWeight: unread ? 600 : 400,
            color: '#0f1f3d',
            overflowWrap: 'anywhere',
          }}
        >
          {item.title}
        </span>
        {item.body ? (
          <Typography.Text
            type="secondary"
            style={{ display: 'block', fontSize: 13, overflowWrap: 'anywhere' }}
          >
            {item.body}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {INBOX_KIND_LABELS[item.kind]} · {arrivedAt(item.created_at)}
          {unread ? ' · Belum dibaca' : ''}
        </Typography.Text>
      </span>
    </span>
  );
}
