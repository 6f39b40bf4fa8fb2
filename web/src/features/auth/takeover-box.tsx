import { LogoutOutlined } from '@ant-design/icons';
import { ALREADY_LOGGED_IN_TEXT, TAKEOVER_HINT, TAKEOVER_LABEL } from '@itms/contracts/login-texts';
import { Button } from 'antd';

/**
 * 'Akun sedang digunakan': a plain warning box with 'Keluarkan sesi lain' (not antd's Alert). Loaded
 * only when a login is refused so: /login stays within its JavaScript budget.
 */
export default function TakeoverBox({ pending, onTakeover }: { pending: boolean; onTakeover: () => void }) {
  return (
    <div
      role="alert"
      style={{
        marginBottom: 12,
        padding: '10px 12px',
        background: '#fffbe6',
        border: '1px solid #ffe58f',
        borderRadius: 8,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{ALREADY_LOGGED_IN_TEXT}</div>
      <div style={{ marginBottom: 8 }}>{TAKEOVER_HINT}</div>
      <Button danger icon={<LogoutOutlined />} loading={pending} onClick={onTakeover}>
        {TAKEOVER_LABEL}
      </Button>
    </div>
  );
}
