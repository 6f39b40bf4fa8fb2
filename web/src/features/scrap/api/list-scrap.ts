/** GET /api/scrap (scrapped tires with `totals` by reason and brand) and its export. */
export const SCRAP_LIST = { key: 'scrap-list', path: '/scrap', exportPath: '/scrap/export' } as const;
