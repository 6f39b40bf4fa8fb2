import { API } from '@itms/contracts/api';
import { TIRE_REQUEST_MESSAGES } from '@itms/contracts/tire-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { pageWindow } from '../../lib/paging';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { listTireRequests, tireRequestDetail, tireRequestRows } from './tire-requests.queries';
import {
  approveTireRequest,
  createTireRequest,
  deleteTireRequest,
  updateTireRequest,
} from './tire-requests.service';

/** Whose requests the caller may read: a tire man only his own, office users everyone's. */
const readerScope = (user: { id: number; role: string }) => (user.role === 'tire-man' ? user.id : undefined);

/**
 * PERMINTAAN BAN BARU: new-tire requests and their approval into the tire database. Tire men ask
 * for new tires from the field and read their own requests; the office reads all.
 */
export const tireRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const emit = app.documentEvents.emit;
  route(app, API.listTireRequests, async (req) => {
    const { offset, limit } = pageWindow(req.query);
    const { data, total } = await listTireRequests(
      app.db,
      { ...req.query, requestedBy: readerScope(currentUser(req)) },
      app.config.timezone,
      offset,
      limit,
    );
    return { data, total, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.exportTireRequests, async (req, reply) =>
    sendXlsx(reply, {
      filename: 'permintaan-ban-baru',
      sheet: 'Permintaan Ban Baru',
      title: 'Permintaan Ban Baru',
      filters: [
        ['Pencarian', req.query.q],
        ['Status', req.query.status],
      ],
      rows: (offset, limit) => tireRequestRows(app.db, req.query, app.config.timezone, offset, limit),
      columns: [
        { header: 'ID', width: 8, value: (r) => r.id },
        { header: 'S/N', width: 18, value: (r) => r.serial_number },
        { header: 'Ir Brand', value: (r) => r.ir_brand },
        { header: 'Ori Brand', value: (r) => r.ori_brand },
        { header: 'Size', value: (r) => r.size },
        { header: 'Tgl', width: 17, kind: 'datetime', value: (r) => r.performed_at },
        { header: 'Status', width: 10, value: (r) => r.status },
      ],
    }),
  );

  route(app, API.getTireRequest, async (req) =>
    tireRequestDetail(app.db, req.params.id, readerScope(currentUser(req))),
  );

  route(app, API.createTireRequest, async (req) => {
    const user = currentUser(req);
    const data = await createTireRequest(app.db, req.body, user, app.config.fieldMaxAgeDays);
    emit({
      kind: 'tire-request',
      id: data.id,
      step: 'send',
      tiremanId: user.role === 'tire-man' ? user.id : null,
    });
    return { message: TIRE_REQUEST_MESSAGES.created, data };
  });

  route(app, API.updateTireRequest, async (req) => {
    const data = await updateTireRequest(app.db, req.params.id, req.body, currentUser(req));
    return { message: TIRE_REQUEST_MESSAGES.updated, data };
  });

  // the spec's second call of the approval (after POST /tire): links the tire, or creates it
  route(app, API.setTireRequestStatus, async (req) => {
    const data = await approveTireRequest(app.db, req.params.id, currentUser(req), {
      linkExisting: true,
      emit,
    });
    return { message: TIRE_REQUEST_MESSAGES.approved, data };
  });

  // the one transactional command the web uses (Submit)
  route(app, API.approveTireRequest, async (req) => {
    const data = await approveTireRequest(app.db, req.params.id, currentUser(req), { emit });
    return { message: TIRE_REQUEST_MESSAGES.approved, data };
  });

  route(app, API.deleteTireRequest, async (req) => {
    await deleteTireRequest(app.db, req.params.id, currentUser(req), emit);
    return { message: TIRE_REQUEST_MESSAGES.deleted, id: req.params.id };
  });
};
