import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import type { TCheckQueueRow } from '@itms/contracts/tire-checks';
import { Alert, List, Modal, Typography } from 'antd';
import { toast } from '../../lib/feedback';
import { useFileUrl } from '../../lib/file-urls';
import { getStoredUser } from '../../lib/storage';
import { useWrite } from '../../lib/write';

interface BulkValidateModalProps {
  rows: TCheckQueueRow[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * One confirmation and one signature (the stored one) for several unedited checks: their After
 * values are what the tire man recorded. The server validates all of them or none.
 */
export function BulkValidateModal({ rows, open, onClose, onDone }: BulkValidateModalProps) {
  const user = getStoredUser();
  const stored = user?.signature && user.signature !== UNSIGNED ? user.signature : null;
  const src = useFileUrl(stored);
  const bulk = useWrite(API.validateTireChecksBulk, (ids: number[]) => ({ body: { ids } }), {
    onSuccess: (reply) => {
      toast().success(reply.message);
      onDone();
    },
  });

  return (
    <Modal
      open={open}
      title={`Validasi ${rows.length} pengecekan sekaligus`}
      okText={`Validasi ${rows.length} pengecekan`}
      cancelText="Batal"
      onOk={() => bulk.mutate(rows.map((r) => r.id))}
      okButtonProps={{ disabled: !stored || rows.length === 0 }}
      confirmLoading={bulk.isPending}
      onCancel={onClose}
      mask={{ closable: !bulk.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Nilai After setiap ban disamakan dengan nilai Before (hasil ukur tire man). Semua pengecekan
        divalidasi bersama, atau tidak satu pun bila ada yang gagal.
      </Typography.Paragraph>
      <List
        size="small"
        bordered
        style={{ maxHeight: 220, overflow: 'auto', marginBottom: 12 }}
        dataSource={rows}
        renderItem={(r) => (
          <List.Item>
            #{r.id} · {r.Unit.plate_number || r.plate_number} · {r.tireman_tire_check.name}
          </List.Item>
        )}
      />
      {stored ? (
        <div>
          <Typography.Text type="secondary">Tanda tangan EDP (tersimpan)</Typography.Text>
          <div
            style={{
              height: 92,
              border: '1px dashed #d9d9d9',
              borderRadius: 6,
              display: 'grid',
              placeItems: 'center',
              marginTop: 4,
            }}
          >
            {src ? (
              <img src={src} alt="Tanda tangan EDP" style={{ maxHeight: 88, maxWidth: '100%' }} />
            ) : null}
          </div>
        </div>
      ) : (
        <Alert
          type="warning"
          showIcon
          title="Validasi sekaligus memakai tanda tangan tersimpan Anda. Simpan tanda tangan di Profil saya terlebih dahulu."
        />
      )}
    </Modal>
  );
}
