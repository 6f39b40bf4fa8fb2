import { type AlertKind, NO_REFERENCE_TEXT, type TAlertSummary } from '@itms/contracts/tire-intelligence';
import { formatNumber } from '../lib/number-format';

/** One colour per alert kind, on the Ban Kritis cards of /ban-kritis and of the dashboard. */
export const ALERT_COLORS: Record<AlertKind, string> = {
  'unsafe-defect': '#a8071a',
  'below-pull': '#cf1322',
  'due-soon': '#d46b08',
  pressure: '#1f5fbf',
  'rtd-rise': '#7846c2',
  'rtd-zero': '#8c6d00',
};

/**
 * A count with its unit, "1.204 ban": the card's accessible name is its visible text (label, count
 * and unit), so a speech user who says what they see reaches it.
 */
export function AlertCount({ value }: { value: number }) {
  return (
    <>
      {formatNumber(value)}
      {/* neutral grey: the kind's colour at this size would miss the 4.5:1 contrast */}
      <span style={{ fontSize: '0.55em', fontWeight: 400, color: '#595959' }}> ban</span>
    </>
  );
}

/** No size of the installed tires has a reference pressure: a pressure count of 0 would mean nothing. */
export const noReferenceAtAll = (s: TAlertSummary) =>
  s.no_reference.of_sizes > 0 && s.no_reference.sizes === s.no_reference.of_sizes;

/** The count of a kind, or 'Belum ada tekanan acuan' for pressure when no reference is set at all. */
export function AlertValue({ summary, kind }: { summary: TAlertSummary; kind: AlertKind }) {
  if (kind === 'pressure' && noReferenceAtAll(summary)) {
    return (
      <span style={{ display: 'block', fontSize: '0.6em', fontWeight: 500, lineHeight: 1.35, paddingTop: 4 }}>
        {NO_REFERENCE_TEXT}
      </span>
    );
  }
  return <AlertCount value={summary.counts[kind]} />;
}
