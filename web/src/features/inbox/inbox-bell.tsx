import { BellOutlined } from '@ant-design/icons';
import type { TInboxItem } from '@itms/contracts/inbox';
import { Badge, Button, Empty, Flex, Popover, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useInboxEvents, useLatestItems, useReadAll, useReadItem, useUnreadCount } from './api/inbox';
import { InboxItemText } from './inbox-item-row';

export const INBOX_PATH = '/notifikasi';

/** 'Notifikasi, 3 belum dibaca': the bell's accessible name carries the count. */
export const bellLabel = (unread: number) => (unread ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi');

/**
 * The top bar's bell (issue 39): the unread count, live ('inbox-item' on the socket); a click
 * shows the latest items, each opening its screen (and marked read), and a link to /notifikasi.
 */
export function InboxBell({ compact }: { compact: boolean }) {
  useInboxEvents();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const unread = count.data?.unread ?? 0;
  const latest = useLatestItems(open);
  const readItem = useReadItem();
  const readAll = useReadAll();

  const openItem = (item: TInboxItem) => {
    setOpen(false);
    if (item.read_at == null) readItem.mutate(item.id);
    navigate(item.link);
  };

  const items = latest.data?.data ?? [];
  const content = (
    <div style={{ width: 'min(360px, calc(100vw - 32px))' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <strong>Notifikasi</strong>
        <Button
          type="link"
          size="small"
          disabled={!unread}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          style={{ paddingInline: 0 }}
        >
          Tandai semua sudah dibaca
        </Button>
      </Flex>
      {latest.isPending ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : items.length ? (
        <ul aria-label="Notifikasi terbaru" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.id} style={{ borderTop: '1px solid #f0f0f0' }}>
              <button
                type="button"
                onClick={() => openItem(item)}
                style={{
                  all: 'unset',
                  boxSizing: 'border-box',
                  display: 'block',
                  width: '100%',
                  padding: '8px 4px',
                  cursor: 'pointer',
                  background: item.read_at == null ? '#f0f6ff' : undefined,
                }}
              >
                <InboxItemText item={item} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Belum ada notifikasi" />
      )}
      <div style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8, textAlign: 'center' }}>
        <Link to={INBOX_PATH} onClick={() => setOpen(false)}>
          Lihat semua notifikasi
        </Link>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      // on a phone the list is centred under the bell (bottomRight would leave the screen)
      placement={compact ? 'bottom' : 'bottomRight'}
      open={open}
      onOpenChange={setOpen}
      content={content}
      arrow={false}
    >
      <Button
        type="text"
        aria-label={bellLabel(unread)}
        title="Notifikasi"
        style={{ flex: 'none', paddingInline: compact ? 4 : 8 }}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
