import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { Button, Collapse, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../components/load-error';
import { PageCard, PageHeading } from '../../components/page-frame';
import { getStoredUser } from '../../lib/storage';
import { useEndpoint } from '../../lib/use-endpoint';
import { SopEditModal, type SopEditTarget } from './sop-edit-modal';
import { SopVideo } from './sop-video';

/** The description as paragraphs (blank lines separate them); text only, never HTML. */
function Description({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  if (paragraphs.length === 0)
    return <Typography.Text type="secondary">Belum ada deskripsi.</Typography.Text>;
  return (
    <>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity of their own
        <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-line', maxWidth: 880, marginBottom: 8 }}>
          {p.trim()}
        </Typography.Paragraph>
      ))}
    </>
  );
}

/** Standard Operational Procedures (spec section 2 "SOP"): one panel open at a time, the first at start. */
export default function SopPage() {
  // a failure is said in place, with 'Coba lagi'
  const sop = useEndpoint(API.listSop, {}, { meta: { silent: true } });
  const [editing, setEditing] = useState<SopEditTarget>(null);
  const isAdmin = getStoredUser()?.role === 'admin';
  const entries = sop.data ?? [];

  return (
    <PageCard>
      <PageHeading
        extra={
          isAdmin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Tambah SOP
            </Button>
          ) : null
        }
      />
      {sop.isError ? (
        <LoadError error={sop.error} onRetry={() => sop.refetch()} retrying={sop.isFetching} />
      ) : sop.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : entries.length === 0 ? (
        <Empty description={isAdmin ? 'Belum ada SOP. Tambahkan dengan Tambah SOP.' : 'Tidak ada data'} />
      ) : (
        <Collapse
          accordion
          // a closed panel's video stops: it is not kept playing out of sight
          destroyOnHidden
          defaultActiveKey={String(entries[0]!.id)}
          items={entries.map((e, i) => ({
            key: String(e.id),
            label: (
              <Typography.Text strong style={{ fontSize: 15 }}>
                {i + 1}. {e.title}
              </Typography.Text>
            ),
            extra: isAdmin ? (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Ubah SOP ${e.title}`}
                onClick={(ev) => {
                  ev.stopPropagation();
                  setEditing(e);
                }}
              >
                Ubah
              </Button>
            ) : null,
            children: (
              <Flex vertical gap={16}>
                <SopVideo url={e.video_url} path={e.video_path} title={e.title} />
                <Description text={e.description} />
              </Flex>
            ),
          }))}
        />
      )}
      <SopEditModal target={editing} onClose={() => setEditing(null)} />
    </PageCard>
  );
}
