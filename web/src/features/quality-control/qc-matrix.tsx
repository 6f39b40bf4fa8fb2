import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { QC_ITEM_LABELS, QC_POSITIONS } from '@itms/contracts/enums';
import { hasQcPosition } from '@itms/contracts/rules/vehicle-diagram';
import { Flex, theme } from 'antd';
import type { CSSProperties } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';

/** 'Pos 1'..'Pos 12', 'Pos ST1', 'Pos ST2'. */
export const positionLabel = (p: string) => `Pos ${p}`;

/**
 * The 14 check items (spec order) by the 14 positions, each cell a tick ('ya') or a cross
 * ('tidak'); a position the unit's diagram does not have stays empty whatever was sent for it.
 * A legend with the counts explains the three. The item column stays in place while the positions
 * scroll sideways on phones.
 */
export function QcMatrix({ matrix, unitType }: { matrix: boolean[][]; unitType: string }) {
  const { token } = theme.useToken();
  const onUnit = QC_POSITIONS.map((p) => hasQcPosition(unitType, p));
  const cells = matrix.flatMap((row) => row.filter((_, j) => onUnit[j]));
  const yes = cells.filter(Boolean).length;
  const absent = onUnit.filter((x) => !x).length;
  // phones: the item names wrap in a narrow first column so that more positions fit beside it
  const narrow = !useMediaQuery(DESKTOP_QUERY);
  const border = `1px solid ${token.colorBorderSecondary}`;
  const head: CSSProperties = {
    padding: '8px 6px',
    background: token.colorFillQuaternary,
    fontWeight: 600,
    fontSize: 12,
    whiteSpace: 'nowrap',
    borderBottom: border,
    textAlign: 'center',
  };
  const sticky: CSSProperties = {
    position: 'sticky',
    insetInlineStart: 0,
    background: token.colorBgContainer,
    zIndex: 1,
    borderInlineEnd: border,
  };
  const emptyBox: CSSProperties = {
    display: 'inline-block',
    width: 14,
    height: 14,
    borderRadius: 3,
    border: `1px dashed ${token.colorBorder}`,
    background: token.colorFillTertiary,
    verticalAlign: '-2px',
  };
  return (
    <Flex vertical gap={12}>
      <ul
        aria-label="Keterangan"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4px 16px',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        <li>
          <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden /> Ya (sesuai): <b>{yes}</b>
        </li>
        <li>
          <CloseCircleFilled style={{ color: token.colorError }} aria-hidden /> Tidak (temuan):{' '}
          <b>{cells.length - yes}</b>
        </li>
        {absent > 0 ? (
          <li>
            <span style={emptyBox} aria-hidden />{' '}
            {`Kosong: posisi tidak ada pada unit ${unitType} (${absent} posisi)`}
          </li>
        ) : null}
      </ul>
      <section
        style={{ overflowX: 'auto', border, borderRadius: 8 }}
        aria-label="Matriks pemeriksaan"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the region sideways (WCAG 2.1.1)
        tabIndex={0}
      >
        <table style={{ borderCollapse: 'separate', borderSpacing: 0, width: '100%', fontSize: 13 }}>
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            Hasil pemeriksaan per item dan posisi ban
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                style={{
                  ...head,
                  ...sticky,
                  background: token.colorFillQuaternary,
                  textAlign: 'start',
                  minWidth: narrow ? 120 : 170,
                }}
              >
                Item pemeriksaan
              </th>
              {QC_POSITIONS.map((p) => (
                <th key={p} scope="col" style={{ ...head, minWidth: 48 }}>
                  {positionLabel(p)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {QC_ITEM_LABELS.map((item, i) => (
              <tr key={item} style={{ background: i % 2 ? token.colorFillQuaternary : undefined }}>
                <th
                  scope="row"
                  style={{
                    ...sticky,
                    background: i % 2 ? '#fafafa' : token.colorBgContainer,
                    padding: '6px 8px',
                    textAlign: 'start',
                    fontWeight: 500,
                    whiteSpace: narrow ? 'normal' : 'nowrap',
                    minWidth: narrow ? 120 : undefined,
                    maxWidth: narrow ? 132 : undefined,
                    fontSize: narrow ? 12 : 13,
                    lineHeight: 1.3,
                    borderBottom: border,
                  }}
                >
                  <span style={{ color: token.colorTextSecondary, marginInlineEnd: 6 }}>{i + 1}.</span>
                  {item}
                </th>
                {QC_POSITIONS.map((p, j) => {
                  const ok = matrix[i]?.[j] === true;
                  if (!onUnit[j]) {
                    return (
                      <td
                        key={p}
                        title={`${positionLabel(p)}: tidak ada pada unit ${unitType}`}
                        aria-label="kosong"
                        style={{
                          padding: '6px 4px',
                          borderBottom: border,
                          background: token.colorFillTertiary,
                        }}
                      />
                    );
                  }
                  return (
                    <td key={p} style={{ textAlign: 'center', padding: '6px 4px', borderBottom: border }}>
                      {ok ? (
                        <CheckCircleFilled
                          role="img"
                          aria-label="ya"
                          title={`${item}, ${positionLabel(p)}: ya`}
                          style={{ color: token.colorSuccess, fontSize: 16 }}
                        />
                      ) : (
                        <CloseCircleFilled
                          role="img"
                          aria-label="tidak"
                          title={`${item}, ${positionLabel(p)}: tidak`}
                          style={{ color: token.colorError, fontSize: 16 }}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Flex>
  );
}
