// Records, reports and dashboard: turns validated requests into day ranges in APP_TIMEZONE, runs the
// read models and shapes the replies. (A region's Target Check is saved by PUT /api/region/{id}.)

import type { TRecordFilters } from '@itms/contracts/record-filters';
import type {
  TAbsenceReply,
  TCheckRecordPage,
  TFindingsGroup,
  TFindingsReply,
  TLeaderboardEntry,
  TLeaderboardPage,
  TProductivityReply,
  TReplacementRecordPage,
  TSummaryReply,
} from '@itms/contracts/reports';
import { daysInclusive, daysToDate } from '@itms/contracts/rules/expected-checks';
import type { Db, DbOrTx } from '../../db/client';
import type { DayRange } from '../../lib/day-range';
import { notFound } from '../../lib/errors';
import * as q from './reports.queries';

/** Today `yyyy-mm-dd` in a time zone. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);
}

/** First and last day of a month 'YYYY-MM'. */
export function monthBounds(month: string): { start: string; end: string; days: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(days).padStart(2, '0')}`, days };
}

/**
 * Absensi Unit Bulanan: the reply without its units, and the units as the JSON text PostgreSQL
 * wrote (TAbsenceUnit[]); `absenceBody` joins them into the reply's body.
 */
export interface AbsenceAnswer {
  meta: Omit<TAbsenceReply, 'units'>;
  unitsJson: string;
}

/** The JSON body of TAbsenceReply, without parsing the units again. */
export function absenceBody(a: AbsenceAnswer): string {
  return `{"units":${a.unitsJson},${JSON.stringify(a.meta).slice(1)}`;
}

/** A record search as the contracts parse it: the days, the page and the filters. */
export type RecordSearchInput = {
  dateStart: string;
  dateEnd: string;
  page: number;
  pageSize: number;
} & Partial<TRecordFilters>;

/** One unit's row of Absensi Unit for the current month (the unit page): 'Y'/'N' per day so far. */
export async function unitMonthAttendance(
  db: DbOrTx,
  unitId: number,
  tz: string,
): Promise<{ month: string; days: string; total: number }> {
  const m = monthBounds(todayIn(tz).slice(0, 7));
  const absence = await q.absenceUnits(db, { month: m.start, days: m.days, unitId, onlyChecked: false });
  const [row] = JSON.parse(absence.unitsJson) as { days: string; total: number }[];
  return { month: m.start.slice(0, 7), days: row?.days ?? 'N'.repeat(m.days), total: row?.total ?? 0 };
}

export function createReportsService(db: Db, tz: string) {
  const range = (start: string, end: string): DayRange => ({ start, end, tz });
  const recordSearch = (s: RecordSearchInput, offset: number, limit: number): q.RecordSearch => ({
    range: range(s.dateStart, s.dateEnd),
    filters: { unit_id: s.unit_id, tireman_id: s.tireman_id, location_id: s.location_id, status: s.status },
    offset,
    limit,
  });

  return {
    async productivity(firstDate: string, lastDate: string): Promise<TProductivityReply> {
      const res = await q.productivity(db, range(firstDate, lastDate));
      return { firstDate, lastDate, ...res };
    },

    /** The dates of a leaderboard request: the current month when none are given. */
    leaderboardRange(dateStart?: string, dateEnd?: string): { dateStart: string; dateEnd: string } {
      if (dateStart && dateEnd) return { dateStart, dateEnd };
      const m = monthBounds(todayIn(tz).slice(0, 7));
      return { dateStart: m.start, dateEnd: m.end };
    },

    async leaderboard(dateStart: string, dateEnd: string): Promise<TLeaderboardEntry[]> {
      return (await q.leaderboard(db, range(dateStart, dateEnd))).rows;
    },

    async leaderboardPage(
      dateStart: string,
      dateEnd: string,
      page: number,
      pageSize: number,
    ): Promise<TLeaderboardPage> {
      const res = await q.leaderboard(db, range(dateStart, dateEnd), {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { data: res.rows, total: res.total, page, pageSize, dateStart, dateEnd };
    },

    async summary(dateStart: string, dateEnd: string, regionId?: number): Promise<TSummaryReply> {
      const days = daysInclusive(dateStart, dateEnd);
      // a range running past today is measured against its target up to today
      const toDate = daysToDate(dateStart, dateEnd, todayIn(tz));
      const data = await q.summaryByRegion(db, range(dateStart, dateEnd), todayIn(tz), regionId);
      if (regionId && data.length === 0) throw notFound('Region');
      return { dateStart, dateEnd, days, daysToDate: toDate, data };
    },

    async absence(a: {
      month: string;
      page?: number;
      pageSize?: number;
      q?: string;
      onlyChecked: boolean;
    }): Promise<AbsenceAnswer> {
      const m = monthBounds(a.month);
      const page = a.page ?? 1;
      const pageSize = a.pageSize ?? 0;
      const [units, summary] = await Promise.all([
        q.absenceUnits(db, {
          month: m.start,
          days: m.days,
          page: a.pageSize ? { offset: (page - 1) * pageSize, limit: pageSize } : undefined,
          q: a.q,
          onlyChecked: a.onlyChecked,
        }),
        q.absenceSummary(db, m.start),
      ]);
      return {
        unitsJson: units.unitsJson,
        meta: {
          month: a.month,
          dateStart: m.start,
          dateEnd: m.end,
          days: m.days,
          total: units.total,
          page,
          pageSize: pageSize || units.total,
          summary,
        },
      };
    },

    async checkRecords(s: RecordSearchInput): Promise<TCheckRecordPage> {
      const res = await q.checkRecords(db, recordSearch(s, (s.page - 1) * s.pageSize, s.pageSize));
      return {
        data: res.rows,
        total: res.total,
        page: s.page,
        pageSize: s.pageSize,
        dateStart: s.dateStart,
        dateEnd: s.dateEnd,
      };
    },

    /** One batch of the checks of a search, for its export. */
    checkRecordBatch: (s: RecordSearchInput, offset: number, limit: number) =>
      q.checkRecordRows(db, recordSearch(s, offset, limit)),

    /** A batch of the check export: each check with its tires' defects by zone and photos. */
    async checkExportBatch(s: RecordSearchInput, offset: number, limit: number) {
      const rows = await q.checkRecordRows(db, recordSearch(s, offset, limit));
      const findings = await q.checkTireFindings(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        ...r,
        findings: findings.get(r.id) ?? { zones: [], tires: 0, tire_photos: 0 },
      }));
    },

    async replacementRecords(s: RecordSearchInput): Promise<TReplacementRecordPage> {
      const res = await q.replacementRecords(db, recordSearch(s, (s.page - 1) * s.pageSize, s.pageSize));
      return {
        data: res.rows,
        total: res.total,
        page: s.page,
        pageSize: s.pageSize,
        dateStart: s.dateStart,
        dateEnd: s.dateEnd,
      };
    },

    /** One batch of the replacements of a search, for its export. */
    replacementRecordBatch: (s: RecordSearchInput, offset: number, limit: number) =>
      q.replacementRecordRows(db, recordSearch(s, offset, limit)),

    /** Temuan: the defects of the range, grouped (issue 37, item 7). */
    async findings(f: {
      dateStart: string;
      dateEnd: string;
      group: TFindingsGroup;
      regionId?: number;
      customerId?: number;
    }): Promise<TFindingsReply> {
      const res = await q.findings(db, {
        range: range(f.dateStart, f.dateEnd),
        group: f.group,
        regionId: f.regionId,
        customerId: f.customerId,
      });
      return { dateStart: f.dateStart, dateEnd: f.dateEnd, group: f.group, ...res };
    },

    /** The names of the Temuan filters, for the export's title. */
    findingsFilterNames: (regionId?: number, customerId?: number) =>
      q.findingsFilterNames(db, regionId, customerId),

    counters: () => q.dashboardCounters(db, tz),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
