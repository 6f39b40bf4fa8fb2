// The back-office route table (spec section 2): paths, screen titles, menu groups and who may open
// each screen. The web builds its router and side menu from this list; the server may use it to
// document the authorization matrix. Routes not in the spec's table are marked `extra`.
import type { Role } from './enums';

export const MENU_GROUPS = [
  { key: 'feature', label: 'Feature' },
  { key: 'laporan', label: 'Laporan' },
  { key: 'database', label: 'Database' },
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number]['key'];

export interface AppRouteMeta {
  /** React Router path (may hold params, e.g. `/pengecekan/:id`). */
  readonly path: string;
  /** Screen title as the spec names it; also the browser tab title. */
  readonly title: string;
  /** Side-menu entry; routes without one are reached from other screens. */
  readonly menu?: { readonly group: MenuGroup; readonly label: string };
  /** Path whose menu entry is highlighted while this route is open (detail routes). */
  readonly menuPath?: string;
  /** Roles that may open the screen; admin may always. */
  readonly roles: readonly Role[];
  /**
   * Roles whose side menu lists the screen, when not all that may open it (the customer portal:
   * the office opens it from Customer, for one customer).
   */
  readonly menuRoles?: readonly Role[];
  /** Not in the spec's route table: added because a named screen had no route. */
  readonly extra?: boolean;
}

const OFFICE: readonly Role[] = ['admin', 'staff'];
/** The office and the workshop role (issue 40), which opens only these screens. */
const WORKSHOP: readonly Role[] = ['admin', 'staff', 'workshop'];
/** The office and the customer role (issue 40), which opens only its portal. */
const PORTAL: readonly Role[] = ['admin', 'staff', 'customer'];
/** Every role that signs in to the back office: its own profile. */
const ACCOUNT: readonly Role[] = ['admin', 'staff', 'workshop', 'customer'];
const ADMIN: readonly Role[] = ['admin'];

const feature = (label: string) => ({ group: 'feature', label }) as const;
const laporan = (label: string) => ({ group: 'laporan', label }) as const;
const database = (label: string) => ({ group: 'database', label }) as const;

/** Every screen of the back-office, in menu order inside each group. */
export const APP_ROUTES = [
  // Feature: Dashboard through Warehouse
  { path: '/', title: 'Dashboard', menu: feature('Dashboard'), roles: OFFICE },
  { path: '/validasi', title: 'Validasi Pengecekan', menu: feature('Validasi Pengecekan'), roles: OFFICE },
  {
    path: '/validasi-pergantian',
    title: 'Validasi Pergantian',
    menu: feature('Validasi Pergantian'),
    roles: OFFICE,
  },
  // not in the spec: the workshop signs validated checks and replacements (issue 22)
  {
    path: '/tanda-tangan',
    title: 'Tanda Tangan Workshop',
    menu: feature('Tanda Tangan Workshop'),
    roles: WORKSHOP,
    extra: true,
  },
  { path: '/pengecekan', title: 'Form Pengecekan', menu: feature('Form Pengecekan'), roles: OFFICE },
  { path: '/pengecekan/:id', title: 'Form Pengecekan', menuPath: '/pengecekan', roles: OFFICE },
  { path: '/pergantian', title: 'Form Pergantian', menu: feature('Form Pergantian'), roles: OFFICE },
  { path: '/pergantian/:id', title: 'Form Pergantian', menuPath: '/pergantian', roles: OFFICE },
  { path: '/mismatch', title: 'Berita Ketidaksesuaian Ban (BKB)', menu: feature('BKB'), roles: OFFICE },
  { path: '/warehouse', title: 'Warehouse', menu: feature('Warehouse'), roles: OFFICE },
  // not in the spec: tire intelligence (issue 11)
  { path: '/ban-kritis', title: 'Ban Kritis', menu: feature('Ban Kritis'), roles: OFFICE, extra: true },
  // not in the spec: breakdown calls dispatched to tire men, measured by roll time (issue 38)
  { path: '/storing', title: 'Storing', menu: feature('Storing'), roles: OFFICE, extra: true },
  // not in the spec: a customer's own fleet, read-only (issue 40); the office opens it for a
  // customer from Customer ('Lihat portal'), so only the customer's menu lists it
  {
    path: '/portal',
    title: 'Armada',
    menu: feature('Armada'),
    roles: PORTAL,
    menuRoles: ['customer'],
    extra: true,
  },
  { path: '/portal/unit/:id', title: 'Armada', menuPath: '/portal', roles: PORTAL, extra: true },
  // Laporan
  { path: '/leaderboard', title: 'Leaderboard', menu: laporan('Leaderboard'), roles: OFFICE },
  { path: '/summary', title: 'Summary Pengecekan', menu: laporan('Summary Pengecekan'), roles: OFFICE },
  {
    path: '/absensi-unit',
    title: 'Absensi Unit Bulanan',
    menu: laporan('Absensi Pengecekan'),
    roles: OFFICE,
  },
  // not in the spec: a tire man's day plan, as his phone's Tugas shows it (issue 37, item 6)
  {
    path: '/tugas-tireman',
    title: 'Tugas Lapangan',
    menu: laporan('Tugas Lapangan'),
    roles: OFFICE,
    extra: true,
  },
  // not in the spec: defects counted by code, brand, position and customer (issue 37, item 7)
  { path: '/temuan', title: 'Temuan', menu: laporan('Temuan'), roles: OFFICE, extra: true },
  {
    path: '/analitik-ban',
    title: 'Analitik Performa Ban',
    menu: laporan('Analitik Ban'),
    roles: OFFICE,
    extra: true,
  },
  // Database: the rest
  { path: '/user', title: 'Tire Man', menu: database('Tire Man'), roles: ADMIN },
  { path: '/sop', title: 'Standard Operational Procedures', menu: database('SOP'), roles: OFFICE },
  { path: '/tire-request', title: 'PERMINTAAN BAN BARU', menu: database('Tambah Ban'), roles: OFFICE },
  { path: '/tire', title: 'List Data Ban', menu: database('Ban'), roles: OFFICE },
  { path: '/mismatch-record', title: 'Rekam BKB', menu: database('Rekam BKB'), roles: OFFICE },
  { path: '/tirecheck-record', title: 'Rekam Pengecekan', menu: database('Rekam Pengecekan'), roles: OFFICE },
  {
    path: '/replacement-record',
    title: 'Riwayat Pergantian',
    menu: database('Rekam Pergantian'),
    roles: OFFICE,
  },
  { path: '/banner', title: 'Banner Aplikasi', menu: database('Banner'), roles: OFFICE },
  { path: '/berita', title: 'Berita Aplikasi', menu: database('Berita'), roles: OFFICE },
  {
    path: '/active-tire',
    title: 'Ban Terpasang Aktif',
    menu: database('Ban Terpasang Aktif'),
    roles: OFFICE,
  },
  {
    path: '/quality-control',
    title: 'Quality Control Record',
    menu: database('Quality Control'),
    roles: OFFICE,
  },
  { path: '/customer', title: 'Customer', menu: database('Customer'), roles: OFFICE },
  { path: '/project', title: 'Project', menu: database('Project'), roles: OFFICE },
  { path: '/scrap', title: 'Scrap', menu: database('Scrap'), roles: OFFICE },
  { path: '/unit', title: 'Unit', menu: database('Unit'), roles: OFFICE },
  // not in the spec: one unit's tires, trends and history (issue 25)
  { path: '/unit/:id', title: 'Unit', menuPath: '/unit', roles: OFFICE, extra: true },
  // not in the spec: regions (PIC, manpower, Target Check) and their locations (issue 22)
  {
    path: '/lokasi',
    title: 'Region & Lokasi',
    menu: database('Region & Lokasi'),
    roles: OFFICE,
    extra: true,
  },
  // not in the spec: the one list a BKB's Kategori is chosen from (issue 42, item 6)
  {
    path: '/kategori-bkb',
    title: 'Kategori BKB',
    menu: database('Kategori BKB'),
    roles: ADMIN,
    extra: true,
  },
  // not in the spec: the defect catalogue a tire's condition codes come from (issue 37, item 1)
  {
    path: '/katalog-kerusakan',
    title: 'Katalog Kerusakan',
    menu: database('Katalog Kerusakan'),
    roles: ADMIN,
    extra: true,
  },
  // the spec names the KARTU STOK BAN screen but gives it no route
  {
    path: '/kartu-stok',
    title: 'KARTU STOK BAN',
    menu: database('Kartu Stok Ban'),
    roles: OFFICE,
    extra: true,
  },
  { path: '/form', title: 'Form', roles: OFFICE },
  // not in the spec: who changed what, with before/after values (reliability issue)
  { path: '/audit', title: 'Log Audit', menu: database('Log Audit'), roles: ADMIN, extra: true },
  // not in the spec: one's own account, from the top bar's user menu (issue 22)
  { path: '/profil', title: 'Profil saya', roles: ACCOUNT, extra: true },
  // not in the spec: the office inbox behind the top bar's bell (issue 39)
  { path: '/notifikasi', title: 'Notifikasi', roles: OFFICE, extra: true },
] as const satisfies readonly AppRouteMeta[];

export type AppPath = (typeof APP_ROUTES)[number]['path'];

/** Admin may open everything; everyone else needs their role listed. */
export function canOpen(route: Pick<AppRouteMeta, 'roles'>, role: Role): boolean {
  return role === 'admin' || route.roles.includes(role);
}

/**
 * Whether a role uses the back office at all: it may open at least one of its screens. Tire men
 * open none (they work in the field app); the workshop role opens Tanda Tangan Workshop and Profil,
 * the customer role its portal (Armada) and Profil.
 */
export function usesBackOffice(role: Role): boolean {
  return (APP_ROUTES as readonly AppRouteMeta[]).some((r) => canOpen(r, role));
}

export const ROUTE_BY_PATH: ReadonlyMap<string, AppRouteMeta> = new Map(
  APP_ROUTES.map((r) => [r.path, r as AppRouteMeta]),
);

export interface MenuSection {
  group: MenuGroup;
  label: string;
  items: { path: string; label: string }[];
}

/** The side menu of a role: the three groups with the screens the role may open (empty groups dropped). */
export function menuForRole(role: Role): MenuSection[] {
  return MENU_GROUPS.map((g) => ({
    group: g.key,
    label: g.label,
    items: (APP_ROUTES as readonly AppRouteMeta[])
      .filter((r) => r.menu?.group === g.key && canOpen(r, role) && (r.menuRoles?.includes(role) ?? true))
      .map((r) => ({ path: r.path, label: r.menu!.label })),
  })).filter((s) => s.items.length > 0);
}
