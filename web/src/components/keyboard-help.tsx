import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';

export interface Shortcut {
  keys: string[];
  text: string;
}

/** The shortcuts of the validation queues and forms. */
export const QUEUE_SHORTCUTS: Shortcut[] = [
  { keys: ['/'], text: 'Ke kotak pencarian' },
  { keys: ['j'], text: 'Baris berikutnya' },
  { keys: ['k'], text: 'Baris sebelumnya' },
  { keys: ['Enter'], text: 'Buka baris yang dipilih' },
  { keys: ['?'], text: 'Tampilkan bantuan ini' },
];

/** The shortcuts of a validation form (a check, a replacement, a BKB). */
export const VALIDATION_SHORTCUTS: Shortcut[] = [
  { keys: ['v', 'Enter'], text: 'Validasi & berikutnya dengan tanda tangan tersimpan (Kirim)' },
  { keys: ['?'], text: 'Tampilkan bantuan ini' },
];

const kbd = {
  display: 'inline-block',
  minWidth: 26,
  padding: '1px 7px',
  border: '1px solid #d9d9d9',
  borderBottomWidth: 2,
  borderRadius: 5,
  background: '#fafafa',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 13,
  textAlign: 'center',
} as const;

/** The '?' panel: every shortcut of the page. */
export function KeyboardHelp({
  open,
  onClose,
  shortcuts,
}: {
  open: boolean;
  onClose: () => void;
  shortcuts: Shortcut[];
}) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Pintasan keyboard" width={460}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '10px 16px', margin: 0 }}>
        {shortcuts.map((s) => (
          <div key={s.keys.join('+')} style={{ display: 'contents' }}>
            <dt style={{ whiteSpace: 'nowrap' }}>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 ? ' lalu ' : null}
                  <kbd style={kbd}>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd style={{ margin: 0 }}>{s.text}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

/** The '?' button beside a form's title: opens the same panel as the `?` key. */
export function KeyboardHelpButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="text" icon={<QuestionCircleOutlined />} onClick={onClick} aria-label="Pintasan keyboard" />
  );
}
