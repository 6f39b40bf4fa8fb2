import { UserOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { TReplacementDetail } from '@itms/contracts/tire-replacements';
import { Avatar, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ImageZoom } from '../../../components/image-zoom';
import { workTimes } from '../../../components/late-tag';
import { formatDayDate } from '../../../lib/dayjs';
import { useFileUrl } from '../../../lib/file-urls';
import { dash, formatKm, formatTon, whatsappLink } from '../../../lib/number-format';

/** Who did the replacement, where, on which unit; the plate and odometer photos. */
export function ReplacementHeader({ detail, compact }: { detail: TReplacementDetail; compact: boolean }) {
  const tm = detail.Tire_Man;
  const wa = whatsappLink(tm.phone);
  const photo = useFileUrl(tm.photo);
  const facts: [string, ReactNode][] = [
    ['Lokasi', detail.Location.name],
    ['No. Polisi', detail.Unit.plate_number],
    ['Project', detail.Project?.name ?? detail.Unit.Project.name],
    ['Tipe Unit', detail.Unit.unit_type],
    ['Tonase', formatTon(detail.Unit.tonnage)],
    ['Odometer', formatKm(detail.odometer)],
    // when the replacement was done (late ones tagged) and when it was received
    ...workTimes(detail).map((w): [string, ReactNode] => [w.label, w.children]),
    ['Pengecekan terakhir', detail.lastCheckAt ? formatDayDate(detail.lastCheckAt) : 'Belum pernah dicek'],
    ['SPK', dash(detail.spk)],
  ];
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: compact ? '1fr' : 'minmax(200px, 230px) minmax(0, 1fr) auto',
        gap: compact ? 16 : 24,
        alignItems: 'start',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
        <Avatar size={64} src={photo} icon={photo ? undefined : <UserOutlined />} alt={`Foto ${tm.name}`} />
        <div style={{ minWidth: 0 }}>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>Tire Man</div>
          <div style={{ fontWeight: 600, fontSize: 16 }}>{tm.name}</div>
          {wa ? (
            <Typography.Link href={wa} target="_blank" rel="noreferrer" aria-label={`WhatsApp ${tm.name}`}>
              <WhatsAppOutlined style={{ color: '#25d366' }} /> {tm.phone}
            </Typography.Link>
          ) : (
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>{dash(tm.phone)}</span>
          )}
        </div>
      </div>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${compact ? 130 : 170}px, 1fr))`,
          gap: '12px 20px',
          margin: 0,
        }}
      >
        {facts.map(([label, value]) => (
          <div key={label} style={{ minWidth: 0 }}>
            <dt style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{label}</dt>
            <dd style={{ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
      <div style={{ display: 'flex', gap: 12, justifyContent: compact ? 'flex-start' : 'flex-end' }}>
        <figure style={{ margin: 0, textAlign: 'center' }}>
          <ImageZoom path={detail.plate_number_url} alt="Foto plat nomor" width={120} height={90} />
          <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>
            Plat nomor
          </figcaption>
        </figure>
        <figure style={{ margin: 0, textAlign: 'center' }}>
          <ImageZoom path={detail.odometer_url} alt="Foto odometer" width={120} height={90} />
          <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>Odometer</figcaption>
        </figure>
      </div>
    </div>
  );
}
