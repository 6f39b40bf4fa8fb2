import { API } from '@itms/contracts/api';
import { PERFORMANCE_GROUP_LABELS, type TPerformanceRow } from '@itms/contracts/tire-intelligence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { createTireIntelligenceQueries } from './tire-intelligence.queries';
import { updateSizePressure } from './tire-intelligence.service';

/** Tire life, wear forecast, alerts (Ban Kritis), brand performance and reference pressures (issue 11). */
export const tireIntelligenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const queries = createTireIntelligenceQueries(app.db, {
    pullPointMm: app.config.tirePullPointMm,
    timezone: app.config.timezone,
  });

  route(app, API.getTireLife, async (req) => {
    await app.tireWear.refreshTire(req.params.id); // its latest validation, even mid-drain
    return queries.tireLife(req.params.id);
  });

  route(app, API.getTireAlertSummary, async () => queries.summary());

  route(app, API.listTireAlerts, async (req) => queries.list(req.query));

  route(app, API.getTirePerformance, async (req) => queries.performance(req.query));

  route(app, API.exportTirePerformance, async (req, reply) => {
    const { rows } = await queries.performance(req.query);
    return sendXlsx<TPerformanceRow>(reply, {
      filename: `analitik-ban-${req.query.groupBy}`,
      sheet: 'Analitik Ban',
      title: `Analitik Ban per ${PERFORMANCE_GROUP_LABELS[req.query.groupBy]}`,
      filters: [['Size', req.query.size]],
      columns: [
        { header: PERFORMANCE_GROUP_LABELS[req.query.groupBy], width: 22, value: (r) => r.key },
        { header: 'Jumlah Ban', width: 12, value: (r) => r.tires },
        { header: 'Total KM', width: 14, value: (r) => r.km_total },
        { header: 'Keausan (mm)', width: 14, value: (r) => r.mm_worn },
        { header: 'KM per mm', width: 12, value: (r) => r.km_per_mm },
        { header: 'Laju Aus (mm/1.000 km)', width: 22, value: (r) => r.wear_rate },
        { header: 'Ban Berharga', width: 14, value: (r) => r.priced_tires },
        { header: 'Biaya per KM (Rp)', width: 18, value: (r) => r.cost_per_km },
      ],
      rows,
    });
  });

  route(app, API.listSizePressures, async () => queries.sizePressures());

  route(app, API.updateSizePressure, async (req) => ({
    message: 'Tekanan referensi berhasil disimpan',
    data: await updateSizePressure(app.db, currentUser(req), req.body),
  }));
};
