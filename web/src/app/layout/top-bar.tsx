import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import type { TSessionUser } from '@itms/contracts/auth';
import { ROLE_LABELS } from '@itms/contracts/enums';
import { Avatar, Button, Dropdown, Layout } from 'antd';
import { useNavigate } from 'react-router';
import { useFileUrl } from '../../lib/file-urls';
import { SocketStatusText } from '../../lib/socket-status';
import { useLogout } from '../use-logout';

export const APP_TITLE = 'Integrated Tire Management Solutions';

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function UserAvatar({ user, size = 36 }: { user: TSessionUser; size?: number }) {
  const photo = useFileUrl(user.photo);
  return (
    <Avatar
      size={size}
      src={photo}
      alt={`Foto ${user.name}`}
      style={{ background: '#dbe6fb', color: '#1554c0', flex: 'none' }}
    >
      {initials(user.name)}
    </Avatar>
  );
}

export function TopBar({
  user,
  compact,
  onOpenMenu,
}: {
  user: TSessionUser;
  /** Phone and tablet: hamburger, short user block. */
  compact: boolean;
  onOpenMenu: () => void;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 8 : 16,
        lineHeight: 'normal',
        paddingInline: compact ? 8 : 24,
        borderBottom: '1px solid #e6e9f0',
      }}
    >
      {compact ? (
        <Button
          type="text"
          aria-label="Buka menu"
          icon={<MenuOutlined style={{ fontSize: 18 }} />}
          onClick={onOpenMenu}
          style={{ flex: 'none' }}
        />
      ) : null}
      <h1
        style={{
          flex: 1,
          minWidth: 0,
          margin: 0,
          fontSize: compact ? 14 : 18,
          fontWeight: 600,
          lineHeight: 1.25,
          color: '#0f1f3d',
        }}
      >
        {APP_TITLE}
      </h1>
      <SocketStatusText compact={compact} />
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profil', icon: <UserOutlined />, label: 'Profil saya' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Log Out' },
          ],
          onClick: ({ key }) => (key === 'profil' ? navigate('/profil') : logout.mutate()),
        }}
      >
        <Button
          type="text"
          aria-label={`Menu pengguna: ${user.name}`}
          title={compact ? `${user.name} · ${ROLE_LABELS[user.role]}` : undefined}
          style={{
            flex: 'none',
            height: 'auto',
            padding: compact ? 2 : '4px 8px',
            minWidth: 0,
            textAlign: 'start',
          }}
        >
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
            <UserAvatar user={user} size={compact ? 32 : 36} />
            {compact ? null : (
              <>
                <span style={{ lineHeight: 1.25, minWidth: 0 }}>
                  <span
                    style={{
                      display: 'block',
                      fontWeight: 600,
                      maxWidth: 220,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {user.name}
                  </span>
                  <span style={{ display: 'block', fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>
                    {ROLE_LABELS[user.role]}
                  </span>
                </span>
                <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
              </>
            )}
          </span>
        </Button>
      </Dropdown>
      <Button
        icon={<LogoutOutlined />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
        style={{ flex: 'none' }}
      >
        Log Out
      </Button>
    </Layout.Header>
  );
}
