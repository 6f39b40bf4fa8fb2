import { RETURN_LABELS, type TReturnHistoryEntry } from '@itms/contracts/submission-returns';
import { Card, Divider, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '../lib/dayjs';

const when = (iso: string) => formatDateTime(iso);

/** Whether the tire man has sent the document again since this Return. */
export function ResubmittedTag({ at }: { at: string | null }) {
  return at ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      {RETURN_LABELS.resubmitted}
    </Tag>
  ) : (
    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
      {RETURN_LABELS.waiting}
    </Tag>
  );
}

/**
 * Riwayat Pengembalian of a check or replacement: every Return (when, by whom, the reason) and when
 * the tire man sent it again. Nothing when it was never returned.
 */
/** `bordered`: a card of its own (the forms); otherwise a section under a divider (the detail modals). */
export function ReturnHistory({
  returns,
  bordered = true,
}: {
  returns: TReturnHistoryEntry[] | undefined;
  bordered?: boolean;
}) {
  if (!returns?.length) return null;
  // newest first, like the 'Dikembalikan' view
  const items = [...returns].reverse().map((r) => ({
    key: r.id,
    color: r.resubmitted_at ? 'green' : 'orange',
    content: (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Typography.Text strong>{when(r.returned_at)}</Typography.Text>
          <ResubmittedTag at={r.resubmitted_at} />
        </div>
        <Typography.Text type="secondary">Dikembalikan oleh {r.returned_by?.name ?? '-'}</Typography.Text>
        <Typography.Text>Alasan: {r.reason}</Typography.Text>
        {r.resubmitted_at ? (
          <Typography.Text type="secondary">Dikirim ulang {when(r.resubmitted_at)}</Typography.Text>
        ) : null}
      </div>
    ),
  }));
  const body = <Timeline items={items} />;
  return (
    <section aria-label="Riwayat Pengembalian">
      {bordered ? (
        <Card size="small" title={`Riwayat Pengembalian (${returns.length})`}>
          {body}
        </Card>
      ) : (
        <>
          <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
            Riwayat Pengembalian ({returns.length})
          </Divider>
          {body}
        </>
      )}
    </section>
  );
}
