// What counts as work done (issue 36, 'Counting rules written once'): the leaderboard, productivity,
// Target Check, unit attendance, the summary and the dashboard's 'today' count a field document
// once it is sent, unless the office returned it and the tire man has not sent it again (then it
// is his work still to do, and it counts again when it comes back). A deleted document is gone
// and never counts. The read models keep the same rule in SQL (`returned_at IS NULL`, in
// server/src/db/read-models/check-rollups and check-unit-month).

/** Whether a sent document counts as work done: not returned, or returned and sent again. */
export function countsAsWorkDone(doc: { returned_at: string | Date | null }): boolean {
  return doc.returned_at == null;
}
