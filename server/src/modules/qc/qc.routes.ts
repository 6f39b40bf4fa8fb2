import { API } from '@itms/contracts/api';
import { QC_ITEM_LABELS, QC_POSITIONS } from '@itms/contracts/enums';
import { QC_MESSAGES } from '@itms/contracts/qc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { pageWindow } from '../../lib/paging';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { listQcChecks, qcDetail, qcExportRows } from './qc.queries';
import { createQcCheck } from './qc.service';

/** One QC item over the 14 positions as a cell: '✓ semua' or the crossed positions ('✗ 3, 7, ST1'). */
function qcItemCell(positions: readonly boolean[]): string {
  const crossed = QC_POSITIONS.filter((_, i) => positions[i] !== true);
  return crossed.length === 0 ? '✓ semua' : `✗ ${crossed.join(', ')}`;
}

/** Quality Control Record: field QC checks and the office list and detail matrix. */
export const qcRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = () => app.config.timezone;

  route(app, API.listQcChecks, async (req) => {
    const { offset, limit } = pageWindow(req.query);
    const { data, total } = await listQcChecks(app.db, req.query, tz(), offset, limit);
    return { data, total, page: req.query.page, pageSize: req.query.pageSize };
  });

  route(app, API.exportQcChecks, async (req, reply) =>
    sendXlsx(reply, {
      filename: 'quality-control',
      sheet: 'Quality Control',
      title: 'Quality Control Record',
      period:
        req.query.dateStart && req.query.dateEnd
          ? { start: req.query.dateStart, end: req.query.dateEnd }
          : null,
      filters: [['Pencarian', req.query.q]],
      rows: (offset, limit) => qcExportRows(app.db, req.query, tz(), offset, limit),
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'IR Checker', width: 22, value: (r) => r.Tire_Man?.name ?? '' },
        { header: 'QC Checker', width: 22, value: (r) => r.name_qc },
        { header: 'No. Body', width: 14, value: (r) => r.Unit.plate_number },
        { header: 'Lokasi', width: 22, value: (r) => r.Location?.name ?? '' },
        { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.performed_at },
        // the 14 items, each over the 14 positions, as the detail's matrix shows them
        ...QC_ITEM_LABELS.map((label, i) => ({
          header: label,
          width: Math.max(14, label.length + 2),
          value: (r: { matrix: boolean[][] }) => qcItemCell(r.matrix[i] ?? []),
        })),
      ],
    }),
  );

  route(app, API.getQcCheck, async (req) => qcDetail(app.db, req.params.id, tz()));

  route(app, API.createQcCheck, async (req) => {
    const user = currentUser(req);
    const id = await createQcCheck(app.db, req.body, user, app.config.fieldMaxAgeDays);
    app.documentEvents.emit({ kind: 'qc-check', id, step: 'send', tiremanId: user.id });
    return { message: QC_MESSAGES.created, id };
  });
};
