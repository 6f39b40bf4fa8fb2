// Issue 36: random sequences of lifecycle steps by random users over checks, replacements and BKB,
// through the real API. The model is the transition table itself (contracts/src/rules/lifecycle.ts)
// applied to the history of accepted steps: after every step each document's stored stage equals
// the model's, each validation queue's total and the workshop queue's total equal a count of the
// model, a refused step answers the table's status and code and changes nothing, and at the end
// every read model (the rollups, the row counts, the stage model) equals its recount.
// Runs on PGlite and on PostgreSQL (project server-pg).
import {
  AWAITING_VALIDATION,
  type DocumentKind,
  type LifecycleAction,
  type LifecycleActor,
  refusal,
  type Stage,
  stageAfter,
  transitionsOf,
} from '@itms/contracts/rules/lifecycle';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectReadModelsRecounted, FX, type TestApp } from '../../test/helpers';
import { uploadPhoto } from '../../test/uploads';
import { rowsOf } from '../db/client';

let t: TestApp;
const ACTORS = ['tireman', 'tireman2', 'staff', 'staff2', 'admin', 'workshop'] as const;
type ActorName = (typeof ACTORS)[number];
const actors = {} as Record<ActorName, LifecycleActor & { token: string; sign: string }>;
const ids = { tronton: 0, location: 0, tire1: 0 };

const TABLE: Record<DocumentKind, string> = {
  'tire-check': 'tire_checks',
  'tire-replacement': 'tire_replacements',
  mismatch: 'mismatches',
};

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp();
  const [u] = await q<typeof ids>(sql`
    select (select id from units where plate_number = ${FX.tronton}) as tronton,
           (select id from locations where name = ${FX.location}) as location,
           (select tire_id from active_unit_tires a join units u on u.id = a.unit_id
             where u.plate_number = ${FX.tronton} and a.position = '1') as tire1`);
  Object.assign(ids, u);
  for (const name of ACTORS) {
    const email = FX[name].email;
    const token = await t.login(email);
    const [me] = await q<{ id: number; role: LifecycleActor['role'] }>(
      sql`select id, role from users where email = ${email}`,
    );
    // each signs with his own upload (a signature or a PIC's drawn on his device)
    actors[name] = { id: me!.id, role: me!.role, token, sign: await uploadPhoto(t, token) };
  }
  // every office account and the workshop have a stored signature
  for (const name of ['staff', 'staff2', 'admin', 'workshop'] as const)
    await t.database.db.execute(
      sql`update users set signature = ${actors[name].sign} where id = ${actors[name].id}`,
    );
});
afterAll(() => t?.close());

/** A document as its tire man sent it, straight in the database (sending is not a step of the table). */
async function sent(kind: DocumentKind): Promise<number> {
  const tm = actors.tireman.id;
  if (kind === 'tire-check') {
    const [c] = await q<{ id: number }>(sql`
      insert into tire_checks (unit_id, plate_number, tireman_id, location_id, odometer, pic_sign)
      values (${ids.tronton}, ${FX.tronton}, ${tm}, ${ids.location}, 61000, '2026/03/pic.png') returning id`);
    return c!.id;
  }
  if (kind === 'tire-replacement') {
    const [r] = await q<{ id: number }>(sql`
      insert into tire_replacements (unit_id, tireman_id, location_id, odometer)
      values (${ids.tronton}, ${tm}, ${ids.location}, 61000) returning id`);
    // one tire measured in place: validating it moves nothing, so any number of them validate
    await t.database.db.execute(sql`
      insert into tire_replace_records (tire_replacement_id, tire_id, position, status, serial_number,
                                        groove_1, groove_2, groove_3, groove_4, pressure, odometer)
      values (${r!.id}, ${ids.tire1}, '1', 'check', ${FX.installedSerial(1)}, 11, 11, 11, 11, 110, 61000)`);
    return r!.id;
  }
  const [m] = await q<{ id: number }>(sql`
    insert into mismatches (unit_id, tireman_id, location_id, category)
    values (${ids.tronton}, ${tm}, ${ids.location}, 'Nomor seri tidak sesuai') returning id`);
  return m!.id;
}

/** The API call of a step. */
function call(kind: DocumentKind, id: number, action: LifecycleAction, who: ActorName) {
  const a = actors[who];
  const inject = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: { access_token: a.token }, payload });
  const reason = { reason: 'Foto odometer buram, mohon foto ulang' };
  switch (`${kind} ${action}`) {
    case 'tire-check validate':
      return inject('PATCH', `/tire-check/edpSign/${id}`, { edp_sign: a.sign });
    case 'tire-check return':
      return inject('PUT', `/tire-check/${id}`, reason);
    case 'tire-check resubmit':
      return inject('PUT', `/tire-check/${id}/resubmit`, {});
    case 'tire-check pic-sign':
      return inject('PATCH', `/tire-check/picSign/${id}`, { pic_sign: a.sign, pic_name: 'Pak Harun' });
    case 'tire-check delete':
      return inject('DELETE', `/tire-check/${id}`);
    case 'tire-replacement validate':
      return inject('POST', `/tire-replacement/${id}/validate`, { edp_sign: a.sign });
    case 'tire-replacement return':
      return inject('PUT', `/tire-replacement/${id}`, { pic_sign: '-', itms_sign: '-', ...reason });
    case 'tire-replacement resubmit':
      return inject('PUT', `/tire-replacement/${id}/resubmit`, {});
    case 'tire-replacement delete':
      return inject('DELETE', `/tire-replacement/${id}`);
    case 'mismatch validate':
      return inject('PATCH', `/mismatch/signature/${id}`, { signatureUrl: a.sign });
    case 'mismatch reopen':
      return inject('PATCH', `/mismatch/${id}/reopen`);
    case 'mismatch delete':
      return inject('DELETE', `/mismatch/${id}`);
    default:
      // the workshop signs checks and replacements in batches
      return inject('POST', '/workshop/sign', { items: [{ kind, id }] });
  }
}

const STEPS: Record<DocumentKind, LifecycleAction[]> = {
  'tire-check': ['validate', 'return', 'resubmit', 'pic-sign', 'workshop-sign', 'delete'],
  'tire-replacement': ['validate', 'return', 'resubmit', 'workshop-sign', 'delete'],
  mismatch: ['validate', 'reopen', 'delete'],
};

/** Who a step is meant for: the one who takes it in the product. */
const MEANT_FOR: Record<LifecycleAction, ActorName> = {
  validate: 'staff',
  return: 'staff2',
  resubmit: 'tireman',
  'pic-sign': 'staff2',
  edit: 'staff',
  'workshop-sign': 'workshop',
  reopen: 'admin',
  delete: 'admin',
};

/**
 * (document, step) pairs as the property reads them: the check (0) signed by the PIC, returned,
 * resubmitted, validated, workshop-signed and deleted; the replacement (1) the same without the PIC;
 * the BKB (2) validated, reopened, validated again and deleted.
 */
const WHOLE_LIVES: [number, number][] = [
  [0, 3],
  [0, 1],
  [0, 2],
  [0, 0],
  [0, 4],
  [0, 5],
  [1, 1],
  [1, 2],
  [1, 0],
  [1, 3],
  [1, 4],
  [2, 0],
  [2, 1],
  [2, 0],
  [2, 2],
];

const transitionFrom = (kind: DocumentKind, action: LifecycleAction) =>
  transitionsOf(kind, action).flatMap((t) => t.from);

interface Doc {
  kind: DocumentKind;
  id: number;
  stage: Stage | 'deleted';
}

/** What a document's row and the audit log hold: a refused step must leave both as they were. */
async function snapshot(doc: Doc) {
  const [row] = await q<{ row: string | null; audit: number; returns: number }>(sql`
    select (select row_to_json(x)::text from ${sql.raw(TABLE[doc.kind])} x where x.id = ${doc.id}) as row,
           (select count(*)::int from audit_log) as audit,
           (select count(*)::int from submission_returns) as returns`);
  return row!;
}

async function storedStages(docs: Doc[]): Promise<Record<string, string>> {
  const rows = await q<{ key: string; stage: string }>(sql`
    select 'tire-check ' || id as key, stage from tire_checks
    union all select 'tire-replacement ' || id, stage from tire_replacements
    union all select 'mismatch ' || id, stage from mismatches`);
  const live = new Set(docs.filter((d) => d.stage !== 'deleted').map((d) => `${d.kind} ${d.id}`));
  return Object.fromEntries(rows.filter((r) => live.has(r.key)).map((r) => [r.key, r.stage]));
}

async function totalOf(token: string, url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { access_token: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total;
}

/** The office's queues as the screens read them. */
async function queueTotals() {
  const staff = actors.staff.token;
  return {
    checks: await totalOf(staff, '/tire-check/noEdpSign?pageSize=1'),
    replacements: await totalOf(staff, '/tire-replace/pending?status=edp&pageSize=1'),
    returnedReplacements: await totalOf(staff, '/tire-replace/pending?status=tireman&pageSize=1'),
    bkb: await totalOf(staff, '/mismatch-validation?pageSize=1'),
    workshop: await totalOf(staff, '/workshop/queue?pageSize=1'),
  };
}
type QueueTotals = Awaited<ReturnType<typeof queueTotals>>;

/** The queues as read, less what they held before the model's documents, beside the model's count. */
async function queues(docs: Doc[], before: QueueTotals) {
  const count = (kinds: DocumentKind[], stages: readonly Stage[]) =>
    docs.filter((d) => kinds.includes(d.kind) && stages.includes(d.stage as Stage)).length;
  const now = await queueTotals();
  return {
    read: Object.fromEntries(Object.entries(now).map(([k, n]) => [k, n - before[k as keyof QueueTotals]])),
    counted: {
      checks: count(['tire-check'], AWAITING_VALIDATION),
      replacements: count(['tire-replacement'], AWAITING_VALIDATION),
      returnedReplacements: count(['tire-replacement'], ['returned']),
      bkb: count(['mismatch'], ['sent']),
      workshop: count(['tire-check', 'tire-replacement'], ['validated']),
    },
  };
}

/** The steps, by the users they are meant for, that bring a new document to a stage. */
const PATHS: Record<DocumentKind, Partial<Record<Stage, LifecycleAction[]>>> = {
  'tire-check': {
    sent: [],
    returned: ['return'],
    resubmitted: ['return', 'resubmit'],
    validated: ['validate'],
    workshop_signed: ['validate', 'workshop-sign'],
  },
  'tire-replacement': {
    sent: [],
    returned: ['return'],
    resubmitted: ['return', 'resubmit'],
    validated: ['validate'],
    workshop_signed: ['validate', 'workshop-sign'],
  },
  mismatch: { sent: [], validated: ['validate'] },
};

describe('the authorization matrix of the lifecycle', () => {
  it('answers every step of every kind, from every stage, as the table says for each user and flag', async () => {
    const cases: string[] = [];
    for (const kind of ['tire-check', 'tire-replacement', 'mismatch'] as const) {
      for (const [stage, path] of Object.entries(PATHS[kind]) as [Stage, LifecycleAction[]][]) {
        for (const action of STEPS[kind]) {
          const from = transitionFrom(kind, action).includes(stage);
          // from a stage the step leaves, every user; from another, the user it is meant for
          for (const who of from ? ACTORS : [MEANT_FOR[action]]) {
            const doc: Doc = { kind, id: await sent(kind), stage: 'sent' };
            for (const p of path) {
              const res = await call(kind, doc.id, p, MEANT_FOR[p]);
              expect(res.statusCode, `${kind} ${p} on the way to ${stage}: ${res.body}`).toBeLessThan(300);
            }
            const before = await snapshot(doc);
            const res = await call(kind, doc.id, action, who);
            const why = refusal(kind, stage, action, actors[who], actors.tireman.id);
            const what = `${who} ${action} ${kind} at ${stage}: ${res.body}`;
            cases.push(`${kind} ${stage} ${action} ${who} ${why ? why.status : 'ok'}`);
            if (!why) {
              expect(res.statusCode, what).toBeLessThan(300);
              const after = stageAfter(kind, stage, action);
              const [row] = await q<{ stage: string }>(
                sql`select stage from ${sql.raw(TABLE[kind])} where id = ${doc.id}`,
              );
              expect(row?.stage ?? 'deleted', what).toBe(after);
            } else {
              expect(res.statusCode, what).toBe(why.status);
              expect(await snapshot(doc), what).toEqual(before);
            }
          }
        }
      }
    }
    // the workshop step: the workshop role (and the admin), never staff; the workshop validates nothing
    expect(cases).toContain('tire-check validated workshop-sign workshop ok');
    expect(cases).toContain('tire-check validated workshop-sign admin ok');
    expect(cases).toContain('tire-replacement validated workshop-sign staff2 403');
    expect(cases).toContain('tire-check sent validate workshop 403');
    expect(cases).toContain('mismatch sent validate workshop 403');
    expect(cases).toContain('mismatch sent validate tireman 403');
    expect(cases).toContain('tire-check returned resubmit tireman2 403');
    expect(cases.length).toBeGreaterThan(150);
  }, 300_000);
});

describe('the lifecycle through the API', () => {
  const all: Doc[] = [];
  const taken = new Set<string>();

  it('keeps every stage, queue and read model equal to the transition history', async () => {
    // what the queues hold of the other tests' documents (the model counts its own)
    const baseline = await queueTotals();
    // mostly the user the step is meant for, so that lives go far; sometimes anyone
    const step = fc.record({
      doc: fc.nat(),
      action: fc.nat(),
      actor: fc.option(fc.constantFrom(...ACTORS), { freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        // a fresh document of each kind per run, beside what earlier runs left
        const docs: Doc[] = [];
        for (const kind of ['tire-check', 'tire-replacement', 'mismatch'] as const)
          docs.push({ kind, id: await sent(kind), stage: 'sent' });
        all.push(...docs);
        for (const s of steps) {
          const doc = docs[s.doc % docs.length]!;
          // a delete ends a life: half as likely as the other steps
          const pool = [...STEPS[doc.kind], ...STEPS[doc.kind].filter((a) => a !== 'delete')];
          const action = pool[s.action % pool.length]!;
          const who = s.actor ?? MEANT_FOR[action];
          const actor = actors[who];
          const before = await snapshot(doc);
          const res = await call(doc.kind, doc.id, action, who);
          const what = `${who} ${action} ${doc.kind} #${doc.id} at ${doc.stage}: ${res.body}`;
          if (doc.stage === 'deleted') {
            expect([403, 404, 409], what).toContain(res.statusCode);
            expect(await snapshot(doc), what).toEqual(before);
            continue;
          }
          const why = refusal(doc.kind, doc.stage, action, actor, actors.tireman.id);
          if (why === null) {
            expect(res.statusCode, what).toBeLessThan(300);
            doc.stage = stageAfter(doc.kind, doc.stage, action);
            taken.add(`${doc.kind} ${action}`);
          } else {
            expect(res.statusCode, what).toBe(why.status);
            // a batch names each item that changed, under one code (the table's code is per item)
            const code =
              action === 'workshop-sign' && why.status === 409 ? 'WORKSHOP_ITEMS_CHANGED' : why.code;
            expect(res.json().code, what).toBe(code);
            expect(await snapshot(doc), what).toEqual(before);
          }
          const model = Object.fromEntries(
            all.filter((d) => d.stage !== 'deleted').map((d) => [`${d.kind} ${d.id}`, d.stage]),
          );
          expect(await storedStages(all), what).toEqual(model);
          const { read, counted } = await queues(all, baseline);
          expect(read, what).toEqual(counted);
        }
      }),
      {
        numRuns: 20,
        // first, each kind's whole life by the users it is meant for, then random ones
        examples: [[WHOLE_LIVES.map(([doc, action]) => ({ doc, action, actor: null }))]],
      },
    );
    // the runs went through every step of every kind at least once
    expect([...taken].sort()).toEqual(
      Object.entries(STEPS)
        .flatMap(([kind, actions]) => actions.map((a) => `${kind} ${a}`))
        .sort(),
    );
    // the models the documents' steps keep (the wear lines are refreshed in the background)
    await expectReadModelsRecounted(t.database.db, [
      'document-stage',
      'check-rollups',
      'check-unit-month',
      'row-counts',
    ]);
  }, 300_000);
});
