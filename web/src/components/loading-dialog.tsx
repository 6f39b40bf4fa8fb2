import { Modal, Spin } from 'antd';

/** A blocking wait with its message ('Mengambil Data ...', 'Mengirim data ...'). */
export function LoadingDialog({ open, text }: { open: boolean; text: string }) {
  return (
    <Modal
      open={open}
      footer={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      width={300}
      destroyOnHidden
      aria-label={text}
    >
      <div
        role="status"
        aria-live="polite"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 14, padding: '12px 0' }}
      >
        <Spin size="large" />
        <div style={{ fontSize: 15 }}>{text}</div>
      </div>
    </Modal>
  );
}
