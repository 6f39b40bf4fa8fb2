import { RETURN_KINDS, type TReturnKind } from '@itms/contracts/submission-returns';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/ambient';
import type { DocumentEvent, EffectHandlers } from '../../lib/document-events';
import { returnedNotice } from '../push/push-notices';
import { emitTireAlerts } from '../tire-intelligence/alert-broadcast';

/** The field-status a step means to the phone that sent the document. */
const FIELD_STATUS = { validate: 'approved', return: 'returned', delete: 'deleted' } as const;

const isReturnKind = (kind: string): kind is TReturnKind =>
  (RETURN_KINDS as readonly string[]).includes(kind);

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
    // a Web Push notification reaches the tire man's phone with the app closed (issue 39): for now
    // a returned check or replacement; sent in the background, never holding up the Return
    push: ({ kind, id, step, tiremanId, reason }: DocumentEvent) => {
      if (step !== 'return' || tiremanId == null || !isReturnKind(kind)) return;
      afterCommit(() => {
        returnedNotice(app.db, kind, id, reason)
          .then((message) => app.push.notifyUser(tiremanId, message))
          .catch((err) => app.log.error({ err, kind, id }, 'web push notice failed'));
      });
    },
    // a validated check's alert count waits for its tires' new forecasts (also when it had none);
    // other steps let the refresher run and tell the alert count when it has
    wear: ({ kind, step }: DocumentEvent) =>
      kind === 'tire-check' && step === 'validate'
        ? app.tireWear.drain().then(() => emitTireAlerts(app))
        : app.tireWear.kick(),
  };
}
