import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BugOutlined,
  CalendarOutlined,
  CarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  ExceptionOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FormOutlined,
  HistoryOutlined,
  InboxOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  PlusCircleOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SignatureFilled,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { Role } from '@itms/contracts/enums';
import type { AppPath } from '@itms/contracts/routes';
import { menuForRole } from '@itms/contracts/routes';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useRouteMeta } from '../../lib/route-meta';
import { clearFeatureState } from '../../lib/storage';

const ICONS: Partial<Record<AppPath, ReactNode>> = {
  '/': <DashboardOutlined />,
  '/validasi': <CheckSquareOutlined />,
  '/validasi-pergantian': <SwapOutlined />,
  '/tanda-tangan': <SignatureFilled />,
  '/pengecekan': <FormOutlined />,
  '/pergantian': <FileDoneOutlined />,
  '/mismatch': <AlertOutlined />,
  '/warehouse': <InboxOutlined />,
  '/ban-kritis': <WarningOutlined />,
  '/storing': <ToolOutlined />,
  '/portal': <CarOutlined />,
  '/leaderboard': <TrophyOutlined />,
  '/summary': <BarChartOutlined />,
  '/absensi-unit': <CalendarOutlined />,
  '/tugas-tireman': <ScheduleOutlined />,
  '/temuan': <ExceptionOutlined />,
  '/analitik-ban': <LineChartOutlined />,
  '/user': <TeamOutlined />,
  '/sop': <PlayCircleOutlined />,
  '/tire-request': <PlusCircleOutlined />,
  '/tire': <DatabaseOutlined />,
  '/mismatch-record': <AuditOutlined />,
  '/tirecheck-record': <FileSearchOutlined />,
  '/replacement-record': <HistoryOutlined />,
  '/banner': <PictureOutlined />,
  '/berita': <NotificationOutlined />,
  '/active-tire': <CarOutlined />,
  '/quality-control': <SafetyCertificateOutlined />,
  '/customer': <UserOutlined />,
  '/project': <ProjectOutlined />,
  '/scrap': <DeleteOutlined />,
  '/unit': <ClusterOutlined />,
  '/lokasi': <EnvironmentOutlined />,
  '/kategori-bkb': <TagsOutlined />,
  '/katalog-kerusakan': <BugOutlined />,
  '/kartu-stok': <AppstoreOutlined />,
};

/** The side menu: Feature / Laporan / Database with the screens the role may open. */
export function SideMenu({ role }: { role: Role }) {
  const location = useLocation();
  const meta = useRouteMeta();
  const selected = meta ? (meta.menuPath ?? meta.path) : location.pathname;

  const items = useMemo<MenuProps['items']>(
    () =>
      menuForRole(role).map((section) => ({
        type: 'group' as const,
        key: section.group,
        label: section.label,
        children: section.items.map((item) => ({
          key: item.path,
          icon: ICONS[item.path as AppPath],
          label: (
            // spec: clicking a Feature item clears the per-screen state first
            <Link to={item.path} onClick={section.group === 'feature' ? clearFeatureState : undefined}>
              {item.label}
            </Link>
          ),
        })),
      })),
    [role],
  );

  return (
    <nav aria-label="Menu utama">
      <Menu mode="inline" items={items} selectedKeys={[selected]} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
