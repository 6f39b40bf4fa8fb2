import { CALL_ACTION_LABELS, CALL_STATUS_LABELS, type CallAction } from '@itms/contracts/rules/storing';
import { BREAKDOWN_CAUSE_LABELS, type TCallRow } from '@itms/contracts/storing';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mapLink } from '../lib/map-link';
import {
  hasWorkFor,
  nextStepOf,
  openOnPhone,
  type QueuedStep,
  queuedStepsOf,
  statusOnPhone,
  stepTimeOf,
  tapTime,
} from './call-steps';
import { db, type OutboxItem } from './db';
import { saveToOutbox } from './outbox';
import { timeFormat } from './queue-item';
import { callsOf, snapshotOf } from './snapshot';
import { useLive } from './use-live';
import { sendSoon } from './use-sender';
import './storing-calls.css';

/** The steps a call shows with their times once taken. */
const SHOWN_STEPS: CallAction[] = ['accept', 'depart', 'arrive', 'finish'];

/**
 * Storing on Beranda (issue 38): his breakdown calls, most urgent work first. Each shows the truck,
 * what happened, where and who called, and one button for his next step (Terima, Berangkat, Tiba,
 * Selesai): a tap is kept in the outbox with its time, so it counts with no signal. 'Selesai' opens
 * the replacement form of the unit with the call's positions (unless its work is already made).
 */
export function StoringCalls({ userId }: { userId: number }) {
  // the calls and the queue read together: a sent step leaves the queue and enters the call in one
  // write, and two separate reads could show the card a step back in between (and turn the button
  // under a tap into the step before)
  const live = useLive(
    () =>
      db.transaction('r', db.snapshot, db.outbox, async () => ({
        snapshot: await snapshotOf(userId),
        queue: await db.outbox.where('userId').equals(userId).toArray(),
      })),
    userId,
  );
  const focus = Number(useSearchParams()[0].get('panggilan')) || null;
  if (!live?.snapshot) return null;
  const { snapshot, queue } = live;
  const calls = callsOf(snapshot)
    .map((call) => {
      const steps = queuedStepsOf(call.id, queue);
      return { call, steps, status: statusOnPhone(call, steps) };
    })
    // closed on the phone ('Selesai' tapped) it stays until the server has the tap
    .filter((c) => openOnPhone(c.status) || c.steps.length > 0);
  if (calls.length === 0) return null;
  return (
    <section className="lp-section" aria-label="Storing">
      <h2 className="lp-subtitle">Storing ({calls.length})</h2>
      <ul className="lp-units">
        {calls.map((c) => (
          <CallCard key={c.call.id} userId={userId} {...c} queue={queue} focused={focus === c.call.id} />
        ))}
      </ul>
    </section>
  );
}

function CallCard({
  userId,
  call,
  steps,
  status,
  queue,
  focused,
}: {
  userId: number;
  call: TCallRow;
  steps: QueuedStep[];
  status: TCallRow['status'];
  queue: OutboxItem[];
  focused: boolean;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLLIElement>(null);
  // opened from its notification: brought into view
  useEffect(() => {
    if (focused) card.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const next = nextStepOf(status);
  const replacementPath = `/unit/${call.unit_id}/ganti?panggilan=${call.id}`;

  async function tap(action: CallAction) {
    if (busy) return;
    setBusy(true);
    try {
      await saveToOutbox(
        {
          userId,
          kind: 'storing-step',
          unitId: call.unit_id,
          plate: call.plate_number,
          callId: call.id,
          body: { action, performed_at: tapTime(call, steps, Date.now()) },
        },
        {},
      );
      if (navigator.onLine) void sendSoon(userId);
      // the truck rolls: the paperwork of what was done follows, prefilled
      if (action === 'finish' && !hasWorkFor(call, queue)) navigate(replacementPath);
    } finally {
      setBusy(false);
    }
  }

  const mapUrl = call.lat !== null && call.lng !== null ? mapLink(call.lat, call.lng) : null;
  return (
    <li
      ref={card}
      id={`panggilan-${call.id}`}
      className={`lp-card lp-call${focused ? ' lp-call-focused' : ''}`}
      data-status={status}
    >
      <div className="lp-call-head">
        <div className="lp-unit-main">
          <Link to={`/unit/${call.unit_id}`} className="lp-plate lp-call-plate">
            {call.plate_number}
          </Link>
          <span>
            <strong>{BREAKDOWN_CAUSE_LABELS[call.cause]}</strong>
            {call.positions.length > 0 && ` · posisi ${call.positions.join(', ')}`}
          </span>
        </div>
        <div className="lp-call-tags">
          {call.priority === 'tinggi' && <span className="lp-tag lp-tag-urgent">Prioritas tinggi</span>}
          <span className="lp-tag lp-tag-call">{CALL_STATUS_LABELS[status]}</span>
        </div>
      </div>
      <div className="lp-call-where">
        {call.location_text}
        {mapUrl && (
          <>
            {' '}
            <a href={mapUrl} target="_blank" rel="noreferrer">
              Peta
            </a>
          </>
        )}
      </div>
      <div className="lp-muted">
        {call.caller_name} ·{' '}
        <a href={`tel:${call.caller_phone.replace(/[\s-]/g, '')}`}>{call.caller_phone}</a>
      </div>
      {call.note && <div className="lp-muted">{call.note}</div>}
      <ol className="lp-call-steps" aria-label="Langkah">
        <li>Dipanggil {timeFormat.format(new Date(call.called_at))}</li>
        {SHOWN_STEPS.map((action) => {
          const at = stepTimeOf(call, steps, action);
          if (!at) return null;
          const waiting = steps.some((s) => s.action === action);
          return (
            <li key={action}>
              {CALL_ACTION_LABELS[action]} {timeFormat.format(new Date(at))}
              {waiting && <span className="lp-muted"> · tersimpan di HP</span>}
            </li>
          );
        })}
      </ol>
      {next && (
        <div className="lp-call-actions">
          {next === 'finish' && !hasWorkFor(call, queue) && (
            <>
              <Link className="lp-button" to={replacementPath}>
                Isi pergantian
              </Link>
              {/* the serials on the truck differ from the records: a BKB instead of a replacement */}
              <Link className="lp-button" to={`/unit/${call.unit_id}/bkb?panggilan=${call.id}`}>
                Lapor BKB
              </Link>
            </>
          )}
          <button
            // one element per step: a tap never lands on a button that has just become another step
            key={next}
            type="button"
            className="lp-button lp-primary"
            disabled={busy}
            onClick={() => void tap(next)}
          >
            {CALL_ACTION_LABELS[next]}
          </button>
        </div>
      )}
    </li>
  );
}
