import type { AppPath } from '@itms/contracts/routes';
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
type PageLoader = () => Promise<PageModule>;

// Generic "being built" screen; each issue replaces its routes' entry with its real page, e.g.
//   '/validasi': () => import('../features/tire-checks/validation-list-page'),
const placeholder: PageLoader = () => import('../components/screen-placeholder');

/** The lazily loaded page of every back-office route (one chunk per page). */
export const PAGES: Record<AppPath, PageLoader> = {
  '/': () => import('../features/dashboard/dashboard-page'),
  '/validasi': () => import('../features/tire-checks/validation-list-page'),
  '/validasi-pergantian': () => import('../features/tire-replacements/validation-list-page'),
  '/tanda-tangan': () => import('../features/workshop-signing/workshop-signing-page'),
  '/pengecekan': () => import('../features/tire-checks/check-form-page'),
  '/pengecekan/:id': () => import('../features/tire-checks/check-form-page'),
  '/pergantian': () => import('../features/tire-replacements/replacement-form-page'),
  '/pergantian/:id': () => import('../features/tire-replacements/replacement-form-page'),
  '/mismatch': () => import('../features/mismatches/mismatch-list-page'),
  '/warehouse': () => import('../features/warehouse/warehouse-page'),
  '/ban-kritis': () => import('../features/critical-tires/critical-tires-page'),
  '/leaderboard': () => import('../features/leaderboard/leaderboard-page'),
  '/summary': () => import('../features/summary/summary-page'),
  '/absensi-unit': () => import('../features/absence/absence-page'),
  '/tugas-tireman': () => import('../features/tireman-plan/tireman-plan-page'),
  '/storing': () => import('../features/storing/storing-page'),
  '/portal': () => import('../features/portal/portal-page'),
  '/portal/unit/:id': () => import('../features/portal/portal-unit-page'),
  '/temuan': () => import('../features/findings/findings-page'),
  '/analitik-ban': () => import('../features/tire-analytics/tire-analytics-page'),
  '/user': () => import('../features/users/users-page'),
  '/sop': () => import('../features/sop/sop-page'),
  '/tire-request': () => import('../features/tire-requests/tire-request-page'),
  '/tire': () => import('../features/tires/tire-list-page'),
  '/mismatch-record': () => import('../features/mismatches/mismatch-record-page'),
  '/tirecheck-record': () => import('../features/check-records/check-records-page'),
  '/replacement-record': () => import('../features/replacement-records/replacement-records-page'),
  '/banner': () => import('../features/banners/banners-page'),
  '/berita': () => import('../features/news/news-page'),
  '/active-tire': () => import('../features/active-tires/active-tire-page'),
  '/quality-control': () => import('../features/quality-control/quality-control-page'),
  '/customer': () => import('../features/customers/customers-page'),
  '/project': () => import('../features/projects/projects-page'),
  '/scrap': () => import('../features/scrap/scrap-page'),
  '/unit': () => import('../features/units/units-page'),
  '/unit/:id': () => import('../features/units/unit-page'),
  '/lokasi': () => import('../features/regions/regions-page'),
  '/kategori-bkb': () => import('../features/mismatch-categories/mismatch-categories-page'),
  '/katalog-kerusakan': () => import('../features/defect-codes/defect-codes-page'),
  '/kartu-stok': () => import('../features/stock-card/stock-card-page'),
  '/form': placeholder,
  '/audit': () => import('../features/audit/audit-page'),
  '/profil': () => import('../features/profile/profile-page'),
  '/notifikasi': () => import('../features/inbox/inbox-page'),
};
