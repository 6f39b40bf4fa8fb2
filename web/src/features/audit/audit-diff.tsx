import type { TAuditRow } from '@itms/contracts/audit';
import { changeLabel, entityText } from '@itms/contracts/rules/audit-text';
import { Flex, Table, Typography, theme } from 'antd';

type Json = unknown;

/** A value as one line of text (objects and arrays as JSON); React renders it as text, never markup. */
export function showValue(v: Json): string {
  if (v === undefined) return '';
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

export interface DiffLine {
  field: string;
  before: Json;
  after: Json;
  changed: boolean;
}

/** Field-by-field lines of a before/after pair; nested objects are flattened to dotted paths. */
export function diffLines(before: Json, after: Json): DiffLine[] {
  const out: DiffLine[] = [];
  const isObj = (v: Json): v is Record<string, Json> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  const walk = (b: Json, a: Json, at: string) => {
    if ((isObj(b) || b == null) && (isObj(a) || a == null) && (isObj(b) || isObj(a))) {
      const keys = [...new Set([...Object.keys(isObj(b) ? b : {}), ...Object.keys(isObj(a) ? a : {})])];
      for (const k of keys) {
        walk(isObj(b) ? b[k] : undefined, isObj(a) ? a[k] : undefined, at ? `${at}.${k}` : k);
      }
      return;
    }
    out.push({
      field: at || '(nilai)',
      before: b,
      after: a,
      changed: JSON.stringify(b) !== JSON.stringify(a),
    });
  };
  walk(before, after, '');
  return out;
}

/** The expanded row: what the change replaced and what it wrote, and any other detail. */
export function AuditDiff({ row }: { row: TAuditRow }) {
  const { token } = theme.useToken();
  const lines = row.before != null || row.after != null ? diffLines(row.before, row.after) : [];
  return (
    <Flex vertical gap={12} style={{ maxWidth: 960 }}>
      {lines.length > 0 ? (
        <Table<DiffLine>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={lines}
          aria-label={`Perubahan ${entityText(row)}`}
          columns={[
            { key: 'field', title: 'Kolom', width: 200, render: (_, l) => changeLabel(l.field) },
            {
              key: 'before',
              title: 'Sebelum',
              render: (_, l) => <span style={{ wordBreak: 'break-word' }}>{showValue(l.before)}</span>,
            },
            {
              key: 'after',
              title: 'Sesudah',
              render: (_, l) => (
                <span
                  style={{
                    wordBreak: 'break-word',
                    fontWeight: l.changed ? 600 : undefined,
                    color: l.changed ? token.colorSuccessText : undefined,
                  }}
                >
                  {showValue(l.after)}
                </span>
              ),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">Tidak ada nilai sebelum/sesudah untuk aksi ini.</Typography.Text>
      )}
      {row.detail != null && (
        <div>
          <Typography.Text strong>Detail</Typography.Text>
          <pre
            style={{
              margin: '4px 0 0',
              padding: 12,
              background: token.colorFillQuaternary,
              borderRadius: 6,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: 12,
            }}
          >
            {JSON.stringify(row.detail, null, 2)}
          </pre>
        </div>
      )}
    </Flex>
  );
}
