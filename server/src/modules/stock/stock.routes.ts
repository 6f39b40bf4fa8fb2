import { API } from '@itms/contracts/api';
import type { TScrapRow, TStockCardRow, TWarehouseRow } from '@itms/contracts/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { pageWindow } from '../../lib/paging';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx-export';
import { scrapRows, scrapTotals } from './scrap.queries';
import { groupStockCard, stockCardKeys, stockCardTire, tireStockCard } from './stock-card.queries';
import { warehouseGroups, warehouseRows } from './warehouse.queries';

const CARD_COLUMNS: XlsxColumn<TStockCardRow>[] = [
  { header: 'Id', width: 8, value: (r) => r.id },
  { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.createdAt },
  { header: 'Cust', width: 24, value: (r) => r.customer },
  { header: 'Brand', value: (r) => r.brand },
  { header: 'Size', value: (r) => r.size },
  { header: 'No.Seri', width: 18, value: (r) => r.serial_number },
  { header: 'No.Produksi', width: 12, value: (r) => r.production_no },
  { header: 'Ket', width: 48, value: (r) => r.description },
  { header: 'User & Lokasi', width: 30, value: (r) => r.user_location },
  { header: 'Stok', width: 8, value: (r) => r.stock },
];

/** Warehouse, KARTU STOK BAN and Scrap: read models over the tire ledger. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = () => app.config.timezone;

  route(app, API.listWarehouse, async (req) => {
    const q = req.query;
    const { offset, limit } = pageWindow(q);
    const { rows, totals } = await warehouseRows(app.db, q, offset, limit);
    return { data: rows, total: totals.total, page: q.page, pageSize: q.pageSize, totals };
  });

  route(app, API.listWarehouseGroups, async (req) => {
    const { offset, limit } = pageWindow(req.query);
    const groups = await warehouseGroups(app.db, req.query, offset, limit);
    return { ...groups, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.getStockCardKeys, async () => stockCardKeys(app.db));

  route(app, API.exportWarehouse, async (req, reply) =>
    sendXlsx<TWarehouseRow>(reply, {
      filename: 'warehouse',
      sheet: 'Warehouse',
      title: 'Warehouse',
      filters: [
        ['Pencarian', req.query.q],
        ['Size', req.query.size],
        ['Brand', req.query.brand],
        ['Status', req.query.status],
      ],
      rows: async (offset, limit) => (await warehouseRows(app.db, req.query, offset, limit)).rows,
      columns: [
        { header: 'ID', width: 8, value: (r) => r.id },
        { header: 'Lokasi', width: 22, value: (r) => r.Location?.name ?? '' },
        { header: 'Size', value: (r) => r.size },
        { header: 'Brand', value: (r) => r.ir_brand },
        { header: 'S/N', width: 18, value: (r) => r.serial_number },
        { header: 'Pattern', value: (r) => r.pattern },
        { header: 'RTD Terendah', width: 13, value: (r) => r.groove_lowest },
        { header: 'Status', width: 13, value: (r) => r.status },
        { header: 'Pergerakan Terakhir', width: 44, value: (r) => r.last_movement?.description ?? '' },
        { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.last_movement?.createdAt },
      ],
    }),
  );

  route(app, API.getTireStockCard, async (req) => {
    const tire = await stockCardTire(app.db, req.params.id);
    const { offset, limit } = pageWindow(req.query);
    const { data, total } = await tireStockCard(app.db, tire.id, tz(), offset, limit);
    return { tire, data, total, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.exportTireStockCard, async (req, reply) => {
    const tire = await stockCardTire(app.db, req.params.id);
    return sendXlsx(reply, {
      filename: `kartu-stok-${tire.serial_number.replace(/[^A-Za-z0-9-]/g, '_')}`,
      sheet: 'Kartu Stok Ban',
      title: 'Kartu Stok Ban',
      filters: [['S/N', tire.serial_number]],
      rows: async (offset, limit) => (await tireStockCard(app.db, tire.id, tz(), offset, limit)).data,
      columns: CARD_COLUMNS,
    });
  });

  route(app, API.getStockCard, async (req) => {
    const q = req.query;
    const { offset, limit } = pageWindow(q);
    const { data, total, in_stock_now } = await groupStockCard(app.db, q, tz(), offset, limit);
    return {
      filter: { size: q.size ?? null, brand: q.brand ?? null },
      in_stock_now,
      data,
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  route(app, API.exportStockCard, async (req, reply) =>
    sendXlsx(reply, {
      filename: 'kartu-stok-ban',
      sheet: 'Kartu Stok Ban',
      title: 'Kartu Stok Ban',
      filters: [
        ['Size', req.query.size],
        ['Brand', req.query.brand],
      ],
      rows: async (offset, limit) => (await groupStockCard(app.db, req.query, tz(), offset, limit)).data,
      columns: CARD_COLUMNS,
    }),
  );

  route(app, API.listScrap, async (req) => {
    const q = req.query;
    const { offset, limit } = pageWindow(q);
    const totals = await scrapTotals(app.db, q, tz());
    const data = totals.total > offset ? await scrapRows(app.db, q, tz(), offset, limit) : [];
    return { data, total: totals.total, page: q.page, pageSize: q.pageSize, totals };
  });

  route(app, API.exportScrap, async (req, reply) =>
    sendXlsx<TScrapRow>(reply, {
      filename: 'scrap',
      sheet: 'Scrap',
      title: 'Scrap',
      period:
        req.query.dateStart && req.query.dateEnd
          ? { start: req.query.dateStart, end: req.query.dateEnd }
          : null,
      filters: [
        ['Pencarian', req.query.q],
        ['Brand', req.query.brand],
      ],
      rows: (offset, limit) => scrapRows(app.db, req.query, tz(), offset, limit),
      columns: [
        { header: 'ID', width: 8, value: (r) => r.id },
        { header: 'S/N', width: 18, value: (r) => r.serial_number },
        { header: 'Brand', value: (r) => r.ir_brand },
        { header: 'Size', value: (r) => r.size },
        { header: 'Alasan', width: 32, value: (r) => r.reason },
        { header: 'Tanggal Scrap', width: 14, kind: 'date', value: (r) => r.scrapped_date },
        { header: 'Unit Terakhir', value: (r) => r.last_unit?.plate_number ?? '' },
        { header: 'Km Tempuh', width: 12, value: (r) => r.km_run },
        { header: 'Hari Pakai', width: 12, value: (r) => r.days_in_service },
      ],
    }),
  );
};
