import { RETURN_KINDS, type TReturnKind } from '@itms/contracts/submission-returns';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/ambient';
import type { DocumentEvent, EffectHandlers } from '../../lib/document-events';
import { publishCriticalTires, publishNewBkb } from '../inbox/inbox-producers';
import { returnedNotice, tireRequestNotice } from '../push/push-notices';
import { emitTireAlerts } from '../tire-intelligence/alert-broadcast';

/** The field-status a step means to the phone that sent the document. */
const FIELD_STATUS = { validate: 'approved', return: 'returned', delete: 'deleted' } as const;

const isReturnKind = (kind: string): kind is TReturnKind =>
  (RETURN_KINDS as readonly string[]).includes(kind);

/** The notification a step tells its tire man, if it tells him one. */
function pushNoticeOf(app: FastifyInstance, { kind, id, step, reason }: DocumentEvent) {
  if (step === 'return' && isReturnKind(kind)) return () => returnedNotice(app.db, kind, id, reason);
  if (kind === 'tire-request' && (step === 'validate' || step === 'delete')) {
    return () => tireRequestNotice(app.db, id, step);
  }
  return null;
}

/** What each effect of the transition table does in this process (lib/document-events.ts). */
export function documentEffects(app: FastifyInstance): EffectHandlers {
  return {
    office: ({ kind, id, step }: DocumentEvent) => {
      if (kind !== 'mismatch') return app.realtime.toOffice('new-notification', { kind, id });
      app.realtime.toOffice('new-missmatch', { id });
      if (step === 'send') publishNewBkb(app, id); // the office inbox (issue 39), after the commit
    },
    field: ({ kind, id, step, tiremanId, reason }: DocumentEvent) => {
      const status = FIELD_STATUS[step as keyof typeof FIELD_STATUS];
      if (tiremanId == null || !status) return;
      app.realtime.toUser(tiremanId, 'field-status', { kind, id, status, ...(reason ? { reason } : {}) });
    },
    // a Web Push notification reaches the tire man's phone with the app closed (issue 39): a
    // returned check or replacement, a tire request approved or deleted; sent in the background,
    // never holding up the step
    push: (event: DocumentEvent) => {
      const notice = pushNoticeOf(app, event);
      if (!notice || event.tiremanId == null) return;
      const tiremanId = event.tiremanId;
      afterCommit(() => {
        notice()
          .then((message) => app.push.notifyUser(tiremanId, message))
          .catch((err) => app.log.error({ err, kind: event.kind, id: event.id }, 'web push notice failed'));
      });
    },
    // a validated check's alert count waits for its tires' new forecasts (also when it had none),
    // and the office inbox hears of the tires it left critical; other steps let the refresher run
    // and tell the alert count when it has
    wear: ({ kind, id, step }: DocumentEvent) =>
      kind === 'tire-check' && step === 'validate'
        ? app.tireWear.drain().then(() => {
            emitTireAlerts(app);
            publishCriticalTires(app, id);
          })
        : app.tireWear.kick(),
  };
}
