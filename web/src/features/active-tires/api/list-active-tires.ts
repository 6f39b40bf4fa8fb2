/** GET /api/active-unit (Ban Terpasang Aktif: unit_id, project_id, q, status) and its export. */
export const ACTIVE_TIRE_LIST = {
  key: 'active-tire-list',
  path: '/active-unit',
  exportPath: '/active-unit/export',
} as const;

/** Status filter of the list: mounted tires (default), emptied slots, or both. */
export const ACTIVE_STATUS_OPTIONS = [
  { value: '', label: 'Terpasang' },
  { value: 'UNINSTALLED', label: 'Dilepas' },
  { value: 'ALL', label: 'Semua' },
] as const;
