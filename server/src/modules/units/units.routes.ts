import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES, type TUnitRow } from '@itms/contracts/master-data';
import { FITTING_MESSAGES } from '@itms/contracts/unit-fitting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { mountFromStock, moveBetweenPositions, unitWheelsView, unmountToStock } from '../fleet/fitting';
import { unitMonthAttendance } from '../reports/reports.service';
import { unitExists, unitPageParts, unitRecords } from './unit-page.queries';
import { getUnit, listUnits } from './units.queries';
import { createUnit, deleteUnit, updateUnit } from './units.service';

const M = MASTER_MESSAGES.unit;

export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const unit = async (id: number) => {
    const row = await getUnit(app.db, id);
    if (!row) throw notFound('Unit');
    return row;
  };

  route(app, API.listUnits, async (req) => listUnits(app.db, req.query));
  // the spec calls GET /unit/ (with the slash); both spellings answer
  route(app, API.listUnitsTrailingSlash, async (req) => listUnits(app.db, req.query));

  route(app, API.getUnit, async (req) => unit(req.params.id));

  route(app, API.createUnit, async (req) => {
    const id = await createUnit(app.db, currentUser(req).id, req.body);
    return { message: M.created, data: await unit(id) };
  });

  route(app, API.updateUnit, async (req) => {
    await updateUnit(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await unit(req.params.id) };
  });

  route(app, API.deleteUnit, async (req) => {
    await deleteUnit(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });

  // ---- the unit page ----

  route(app, API.getUnitOverview, async (req) => {
    const id = req.params.id;
    const [parts, attendance] = await Promise.all([
      unitPageParts(app.db, id),
      unitMonthAttendance(app.db, id, app.config.timezone),
    ]);
    if (!parts) throw notFound('Unit');
    return {
      ...parts,
      unit: { ...parts.unit, unit_type: parts.unit.unit_type as TUnitRow['unit_type'] },
      pull_point_mm: app.config.tirePullPointMm,
      attendance,
    };
  });

  route(app, API.listUnitRecords, async (req) => {
    if (!(await unitExists(app.db, req.params.id))) throw notFound('Unit');
    return unitRecords(app.db, req.params.id, req.query);
  });

  // ---- fitting tires from the office: the unit's wheel slots and the moves on them ----

  const after = async (id: number, message: string) => {
    app.tireWear.kick();
    return { message, data: await unitWheelsView(app.db, id) };
  };

  route(app, API.getUnitWheels, async (req) => unitWheelsView(app.db, req.params.id));

  route(app, API.mountUnitTire, async (req) => {
    await mountFromStock(app.db, currentUser(req).id, req.params.id, req.body);
    return after(req.params.id, FITTING_MESSAGES.mounted);
  });

  route(app, API.unmountUnitTire, async (req) => {
    await unmountToStock(app.db, currentUser(req).id, req.params.id, req.body);
    return after(
      req.params.id,
      req.body.to === 'SCRAP' ? FITTING_MESSAGES.scrapped : FITTING_MESSAGES.unmounted,
    );
  });

  route(app, API.moveUnitTire, async (req) => {
    const done = await moveBetweenPositions(app.db, currentUser(req).id, req.params.id, req.body);
    return after(req.params.id, done === 'swapped' ? FITTING_MESSAGES.swapped : FITTING_MESSAGES.moved);
  });
};
