import { API } from '@itms/contracts/api';
import { TIRE_MESSAGES, type TTireListRow } from '@itms/contracts/tire-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { pageWindow } from '../../lib/paging';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { activeTireBatch, activeTireDetail, listActiveTires, updateActiveTire } from './active-tires';
import { tireSnPage } from './tire-sn';
import { rollupCovers, rollupTireSummary } from './tire-summary';
import { tireDetail, tireListWhere, tirePage, tireSummary } from './tires.queries';
import { createTire, deleteTire, setTireStatus, updateTire } from './tires.service';

/** List Data Ban, tire create/delete/status, Ban Terpasang Aktif. */
export const tiresRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listTires, async (req) => {
    const q = req.query;
    const where = tireListWhere(q);
    const { offset, limit } = pageWindow(q);
    const summary = rollupCovers(q) ? await rollupTireSummary(app.db, q) : await tireSummary(app.db, where);
    const data = summary.total > offset ? await tirePage(app.db, where, q.sort, offset, limit) : [];
    return { data, total: summary.total, page: q.page, pageSize: q.pageSize, summary };
  });

  route(app, API.exportTires, async (req, reply) => {
    const where = tireListWhere(req.query);
    const q = req.query;
    return sendXlsx<TTireListRow>(reply, {
      filename: 'list-data-ban',
      sheet: 'List Data Ban',
      title: 'List Data Ban',
      filters: [
        ['Pencarian', q.q ? (q.searchBy ? `${q.searchBy} = ${q.q}` : q.q) : undefined],
        ['RTD', q.rtd],
        ['Status', q.status],
      ],
      rows: (offset, limit) => tirePage(app.db, where, q.sort, offset, limit),
      columns: [
        { header: 'ID', width: 8, value: (r) => r.id },
        { header: 'POS', width: 6, value: (r) => r.position },
        { header: 'S/N', width: 18, value: (r) => r.serial_number },
        { header: 'IR Brand', value: (r) => r.ir_brand },
        { header: 'Ori Brand', value: (r) => r.ori_brand },
        { header: 'Pattern', value: (r) => r.pattern },
        { header: 'Size', value: (r) => r.size },
        { header: 'ORI/RET', width: 9, value: (r) => r.is_original },
        { header: 'RTD Terendah', width: 13, value: (r) => r.groove_lowest },
        { header: 'PSI', width: 8, value: (r) => r.pressure },
        { header: 'Status', width: 13, value: (r) => r.status },
        { header: 'Unit', value: (r) => r.Unit?.plate_number ?? '' },
      ],
    });
  });

  // serial numbers for autocompletes and search grids: prefix match, paged; ?stock=true keeps mountable tires
  route(app, API.listTireSerials, async (req) => tireSnPage(app.db, req.query));

  route(app, API.getTire, async (req) => tireDetail(app.db, req.params.id));

  route(app, API.createTire, async (req) => {
    const data = await createTire(app.db, req.body, currentUser(req));
    return { message: TIRE_MESSAGES.created, data };
  });

  route(app, API.deleteTire, async (req) => {
    await deleteTire(app.db, req.params.id, currentUser(req));
    return { message: TIRE_MESSAGES.deleted, id: req.params.id };
  });

  route(app, API.setTireStatus, async (req) => {
    const data = await setTireStatus(app.db, req.params.id, req.body, currentUser(req));
    app.tireWear.kick();
    return { message: TIRE_MESSAGES.statusChanged, data };
  });

  // ---- Ban Terpasang Aktif ----

  route(app, API.listActiveTires, async (req) => {
    const { offset, limit } = pageWindow(req.query);
    const { data, total } = await listActiveTires(app.db, req.query, offset, limit);
    return { data, total, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.exportActiveTires, async (req, reply) =>
    sendXlsx(reply, {
      filename: 'ban-terpasang-aktif',
      sheet: 'Ban Terpasang Aktif',
      title: 'Ban Terpasang Aktif',
      filters: [
        ['Pencarian', req.query.q],
        ['Status', req.query.status ?? 'INSTALLED'],
      ],
      rows: (offset, limit) => activeTireBatch(app.db, req.query, offset, limit),
      columns: [
        { header: 'ID', width: 8, value: (r) => r.id },
        { header: 'Tire ID', width: 8, value: (r) => r.tire_id },
        { header: 'S/N', width: 18, value: (r) => r.serial_number },
        { header: 'Odometer (Km Pasang)', width: 20, value: (r) => r.km_installed },
        { header: 'Posisi', width: 8, value: (r) => r.position },
        { header: 'Status', width: 13, value: (r) => r.status },
        { header: 'Tanggal Pasang', width: 17, kind: 'datetime', value: (r) => r.installedAt },
        { header: 'No. Polisi', value: (r) => r.Unit.plate_number },
        { header: 'Tipe Unit', value: (r) => r.Unit.unit_type },
        { header: 'Project', width: 24, value: (r) => r.Unit.Project.name },
      ],
    }),
  );

  route(app, API.getActiveTire, async (req) => activeTireDetail(app.db, req.params.activeTireId));

  route(app, API.updateActiveTire, async (req) => {
    const data = await updateActiveTire(app.db, req.params.activeTireId, req.body, currentUser(req));
    return { message: TIRE_MESSAGES.activeUpdated, data };
  });

  route(app, API.updateTireDetail, async (req) => {
    const { created_at, updated_at, ...tire } = await updateTire(
      app.db,
      currentUser(req),
      req.params.id,
      req.body,
    );
    app.tireWear.kick();
    return {
      message: TIRE_MESSAGES.updated,
      data: { ...tire, createdAt: created_at.toISOString(), updatedAt: updated_at.toISOString() },
    };
  });
};
