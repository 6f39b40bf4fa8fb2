import type { TSessionUser } from '@itms/contracts/auth';
import { ROLE_LABELS } from '@itms/contracts/enums';
import { canOpen } from '@itms/contracts/routes';
import { Drawer, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SiderBrand } from '../../components/brand';
import { OfflineBanner } from '../../components/offline-banner';
import { DASHBOARD_PATH, homeOf, useDocumentTitle, useRouteMeta } from '../../lib/route-meta';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ForbiddenPage } from '../forbidden-page';
import { SideMenu } from './side-menu';
import { TopBar, UserAvatar } from './top-bar';

export const MENU_WIDTH = 240;

/** Side menu (fixed from 960px, a 240px drawer below), top bar, and the screen. */
export function AppLayout({ user, children }: { user: TSessionUser; children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  useDocumentTitle(meta?.title);

  // a menu choice closes the drawer
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setDrawerOpen(false), [pathname]);

  const allowed = !meta || canOpen(meta, user.role);
  // a role without the Dashboard (the workshop role) lands on its own first screen instead of a
  // 403 page; other screens it may not open still show the 403 page
  const home = homeOf(user.role);
  const redirectHome = !allowed && meta?.path === DASHBOARD_PATH && home !== DASHBOARD_PATH;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isDesktop ? (
        <Layout.Sider
          width={MENU_WIDTH}
          style={{
            position: 'fixed',
            insetBlock: 0,
            insetInlineStart: 0,
            overflowY: 'auto',
            borderInlineEnd: '1px solid #e6e9f0',
            zIndex: 30,
          }}
        >
          <SiderBrand />
          <SideMenu role={user.role} />
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          size={MENU_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<SiderBrand />}
          closable={false}
          styles={{ header: { padding: 0 }, body: { padding: '4px 0 16px' } }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '4px 20px 12px' }}>
            <UserAvatar user={user} size={32} />
            <div style={{ lineHeight: 1.25, minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>{user.name}</div>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{ROLE_LABELS[user.role]}</div>
            </div>
          </div>
          <SideMenu role={user.role} />
        </Drawer>
      )}
      <Layout style={{ marginInlineStart: isDesktop ? MENU_WIDTH : 0, minWidth: 0 }}>
        <TopBar user={user} compact={!isDesktop} onOpenMenu={() => setDrawerOpen(true)} />
        <OfflineBanner />
        <Layout.Content style={{ padding: isDesktop ? 24 : 12, minWidth: 0 }}>
          {allowed ? (
            children
          ) : redirectHome ? (
            <Navigate to={home} replace />
          ) : (
            <ForbiddenPage role={user.role} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
