import { API } from '@itms/contracts/api';
import { INBOX_KIND_LABELS, INBOX_KINDS, INBOX_PAGE_SIZES, type TInboxItem } from '@itms/contracts/inbox';
import { Button, Card, Checkbox, Empty, Flex, List, Pagination, Segmented, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/feedback';
import { useRouteMeta } from '../../lib/route-meta';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import {
  useInboxPreferences,
  useReadAll,
  useReadItem,
  useSaveInboxPreferences,
  useUnreadCount,
} from './api/inbox';
import { InboxItemText } from './inbox-item-row';

/** /notifikasi (issue 39): the signed-in user's inbox, newest first, paged on the server. */
export default function InboxPage() {
  const title = useRouteMeta()?.title ?? 'Notifikasi';
  const wide = !useMediaQuery(PHONE_QUERY);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onlyUnread = params.get('unread') === 'true';
  const list = usePagedList({
    endpoint: API.listInbox,
    sizes: INBOX_PAGE_SIZES,
    filters: onlyUnread ? { unread: true } : {},
  });
  const unread = useUnreadCount().data?.unread ?? 0;
  const readItem = useReadItem();
  const readAll = useReadAll({ onSuccess: (r) => toast().success(r.message) });
  const items = (list.data?.data ?? []) as TInboxItem[];

  const open = (item: TInboxItem) => {
    if (item.read_at == null) readItem.mutate(item.id);
    navigate(item.link);
  };

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
          <Flex gap={8} wrap align="center">
            <Segmented
              aria-label="Tampilkan"
              value={onlyUnread ? 'unread' : 'all'}
              options={[
                { value: 'all', label: 'Semua' },
                { value: 'unread', label: `Belum dibaca (${unread})` },
              ]}
              onChange={(v) => list.update({ unread: v === 'unread' ? 'true' : undefined, page: undefined })}
            />
            <Button disabled={!unread} loading={readAll.isPending} onClick={() => readAll.mutate()}>
              Tandai semua sudah dibaca
            </Button>
          </Flex>
        </Flex>
        {list.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : items.length ? (
          <List
            aria-label="Daftar notifikasi"
            dataSource={items}
            rowKey="id"
            renderItem={(item) => (
              <List.Item
                aria-label={item.title}
                style={{
                  background: item.read_at == null ? '#f0f6ff' : undefined,
                  paddingInline: 8,
                  flexWrap: 'wrap',
                  gap: 8,
                }}
                actions={[
                  <Button key="open" type="link" onClick={() => open(item)} style={{ paddingInline: 0 }}>
                    Buka
                  </Button>,
                  ...(item.read_at == null
                    ? [
                        <Button
                          key="read"
                          type="link"
                          onClick={() => readItem.mutate(item.id)}
                          style={{ paddingInline: 0 }}
                        >
                          Tandai sudah dibaca
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <InboxItemText item={item} />
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Empty
            description={onlyUnread ? 'Tidak ada notifikasi yang belum dibaca' : 'Belum ada notifikasi'}
          />
        )}
        {list.tableProps.pagination && (list.data?.total ?? 0) > 0 ? (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination
              size={wide ? 'medium' : 'small'}
              current={list.page}
              pageSize={list.pageSize}
              total={list.data?.total ?? 0}
              pageSizeOptions={INBOX_PAGE_SIZES.options.map(String)}
              showSizeChanger
              showTotal={(total, [from, to]) => `${from}-${to} dari ${total}`}
              onChange={(page, pageSize) =>
                list.update({
                  page: pageSize !== list.pageSize ? undefined : page,
                  pageSize: pageSize === INBOX_PAGE_SIZES.default ? undefined : pageSize,
                })
              }
            />
          </Flex>
        ) : null}
      </Card>
      <InboxPreferencesCard wide={wide} />
    </Flex>
  );
}

/** Which kinds the user receives: one checkbox each, saved on change. */
function InboxPreferencesCard({ wide }: { wide: boolean }) {
  const prefs = useInboxPreferences();
  const save = useSaveInboxPreferences({ onSuccess: (r) => toast().success(r.message) });
  const enabled = new Map(prefs.data?.preferences.map((p) => [p.kind, p.enabled]));
  return (
    <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
        Pilihan notifikasi
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Pilih notifikasi yang ingin Anda terima. Pilihan ini hanya berlaku untuk akun Anda.
      </Typography.Paragraph>
      {prefs.isPending ? (
        <Spin />
      ) : (
        <Flex vertical gap={8} role="group" aria-label="Pilihan notifikasi">
          {INBOX_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              checked={enabled.get(kind) ?? true}
              disabled={save.isPending}
              onChange={(e) => save.mutate([{ kind, enabled: e.target.checked }])}
            >
              {INBOX_KIND_LABELS[kind]}
            </Checkbox>
          ))}
        </Flex>
      )}
    </Card>
  );
}
