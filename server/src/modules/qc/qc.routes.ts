import { API } from '@itms/contracts/api';
import { QC_MESSAGES, type TQcRow } from '@itms/contracts/qc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { pageWindow } from '../../lib/paging';
import { currentUser } from '../../plugins/auth';
import { sendXlsx } from '../tires/xlsx-export';
import { listQcChecks, qcDetail, qcRows } from './qc.queries';
import { createQcCheck } from './qc.service';

/** Quality Control Record: field QC checks and the office list and detail matrix. */
export const qcRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = () => app.config.timezone;

  route(app, API.listQcChecks, async (req) => {
    const { offset, limit } = pageWindow(req.query);
    const { data, total } = await listQcChecks(app.db, req.query, tz(), offset, limit);
    return { data, total, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.exportQcChecks, async (req, reply) =>
    sendXlsx<TQcRow>(reply, {
      filename: 'quality-control.xlsx',
      sheet: 'Quality Control',
      fetch: (offset, limit) => qcRows(app.db, req.query, tz(), offset, limit),
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'IR Checker', width: 22, value: (r) => r.Tire_Man?.name ?? '' },
        { header: 'QC Checker', width: 22, value: (r) => r.name_qc },
        { header: 'No. Body', width: 14, value: (r) => r.Unit.plate_number },
        { header: 'Lokasi', width: 22, value: (r) => r.Location?.name ?? '' },
        { header: 'Tanggal', width: 12, value: (r) => r.date },
        { header: 'Jam', width: 8, value: (r) => r.time },
      ],
    }),
  );

  route(app, API.getQcCheck, async (req) => qcDetail(app.db, req.params.id, tz()));

  route(app, API.createQcCheck, async (req) => {
    const id = await createQcCheck(app.db, req.body, currentUser(req));
    app.realtime.toOffice('new-notification', { kind: 'qc-check', id });
    return { message: QC_MESSAGES.created, id };
  });
};
