import type { FieldWarning } from '@itms/contracts/rules/field-warnings';
import { Alert } from 'antd';

/**
 * What the server found worth a second look when a check or a replacement arrived (the rule the
 * field app warns by): one warning panel above the form, nothing when there is none.
 */
export function FieldWarningsAlert({ warnings }: { warnings: readonly FieldWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Peringatan dari lapangan: periksa sebelum validasi"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {warnings.map((w) => (
            <li key={`${w.kind}-${w.position ?? ''}`}>{w.message}</li>
          ))}
        </ul>
      }
    />
  );
}
