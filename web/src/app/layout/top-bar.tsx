import {
  CloseOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { TSessionUser } from '@itms/contracts/auth';
import { PRODUCT_NAME } from '@itms/contracts/constants';
import { ROLE_LABELS } from '@itms/contracts/enums';
import { Avatar, Button, Dropdown, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { InboxBell } from '../../features/inbox/inbox-bell';
import { mayCall } from '../../lib/access';
import { useFileUrl } from '../../lib/file-urls';
import { SocketStatusText } from '../../lib/socket-status';
import { useMediaQuery } from '../../lib/use-media-query';
import { useLogout } from '../use-logout';
import { GlobalSearch, type GlobalSearchRef, SEARCH_PLACEHOLDER } from './global-search';

export const APP_TITLE = PRODUCT_NAME;
const SEARCH_BOX_QUERY = '(min-width: 1280px)';

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
  // the global search and the inbox bell are the office's: a role whose calls the server refuses
  // (the workshop role) sees neither; the user menu (Profil saya) and Log Out stay
  const canSearch = mayCall(API.globalSearch, user.role);
  const hasInbox = mayCall(API.getInboxUnreadCount, user.role);
  const searchRef = useRef<GlobalSearchRef>(null);
  // the box beside the title from 1280px; narrower screens (the title would wrap out of the bar)
  // get an icon that opens the search over the whole bar
  const searchBox = useMediaQuery(SEARCH_BOX_QUERY);
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    if (searchBox) setSearching(false);
  }, [searchBox]);
  // Ctrl+K (Cmd+K) from any screen
  useEffect(() => {
    if (!canSearch) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (searchBox) searchRef.current?.focus();
        else setSearching(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchBox, canSearch]);
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        // phones: tight gaps leave the title room for two words a line beside the bell
        gap: compact ? 4 : 16,
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
      {!canSearch ? null : !searchBox ? (
        <Button
          type="text"
          aria-label={SEARCH_PLACEHOLDER}
          title="Cari (Ctrl+K)"
          icon={<SearchOutlined style={{ fontSize: 18 }} />}
          onClick={() => setSearching(true)}
          style={{ flex: 'none' }}
        />
      ) : (
        <GlobalSearch
          role={user.role}
          inputRef={searchRef}
          style={{ width: 'clamp(200px, 24vw, 320px)', flex: 'none' }}
        />
      )}
      {canSearch && !searchBox && searching ? (
        <search
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            paddingInline: 8,
            background: '#fff',
            zIndex: 1,
          }}
        >
          <GlobalSearch
            role={user.role}
            autoFocus
            onDone={() => setSearching(false)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="text"
            aria-label="Tutup pencarian"
            icon={<CloseOutlined />}
            onClick={() => setSearching(false)}
            style={{ flex: 'none' }}
          />
        </search>
      ) : null}
      <SocketStatusText compact={compact} />
      {hasInbox ? <InboxBell compact={compact} /> : null}
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
