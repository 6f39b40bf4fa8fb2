import type { FastifyInstance } from 'fastify';
import type { DocumentEvent, EffectHandlers } from '../../lib/document-events';
import { emitTireAlerts } from '../tire-intelligence/alert-broadcast';

/** The field-status a step means to the phone that sent the document. */
const FIELD_STATUS = { validate: 'approved', return: 'returned', delete: 'deleted' } as const;

/** What each effect of the transition table does in this process (lib/document-events.ts). */
export function documentEffects(app: FastifyInstance): EffectHandlers {
  return {
    office: ({ kind, id }: DocumentEvent) =>
      kind === 'mismatch'
        ? app.realtime.toOffice('new-missmatch', { id })
        : app.realtime.toOffice('new-notification', { kind, id }),
    field: ({ kind, id, step, tiremanId, reason }: DocumentEvent) => {
      const status = FIELD_STATUS[step as keyof typeof FIELD_STATUS];
      if (tiremanId == null || !status) return;
      app.realtime.toUser(tiremanId, 'field-status', { kind, id, status, ...(reason ? { reason } : {}) });
    },
    // a validated check's alert count waits for its tires' new forecasts (also when it had none);
    // other steps let the refresher run and tell the alert count when it has
    wear: ({ kind, step }: DocumentEvent) =>
      kind === 'tire-check' && step === 'validate'
        ? app.tireWear.drain().then(() => emitTireAlerts(app))
        : app.tireWear.kick(),
  };
}
