import { WhatsAppOutlined } from '@ant-design/icons';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { Card, Col, Descriptions, type DescriptionsProps, Row, Typography } from 'antd';
import { ImageZoom } from '../../components/image-zoom';
import { workTimes } from '../../components/late-tag';
import { formatKm, formatTon } from '../../lib/number-format';
import { waLink } from './check-form-model';

/** Header of the Form Pengecekan: tire man, unit, place and the photos of plate and odometer. */
export function CheckHeader({ detail }: { detail: TTireCheckDetail }) {
  const tm = detail.tireman_tire_check;
  const wa = waLink(tm.phone);
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'Id Check', children: detail.id },
    // when the check was done and when it was received (late ones tagged)
    ...workTimes(detail),
    { key: 'location', label: 'Lokasi', children: detail.Location.name },
    { key: 'plate', label: 'No. Polisi', children: detail.Unit.plate_number || detail.plate_number },
    { key: 'project', label: 'Project', children: detail.Project?.name ?? detail.Unit.Project.name },
    { key: 'type', label: 'Tipe Unit', children: detail.Unit.unit_type },
    { key: 'tonnage', label: 'Tonase', children: formatTon(detail.Unit.tonnage) },
    { key: 'odometer', label: 'Odometer', children: formatKm(detail.odometer) },
    {
      key: 'driver',
      label: 'Driver',
      children: detail.Driver
        ? `${detail.Driver.name}${detail.Driver.phone ? ` (${detail.Driver.phone})` : ''}`
        : '-',
    },
    {
      key: 'equipment',
      label: 'Perlengkapan',
      children: detail.equipment ? detail.equipment.split(',').join(', ') : '-',
    },
  ];

  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <Row gutter={[20, 16]} align="top">
        <Col xs={24} md={8} xl={6}>
          <div style={{ display: 'flex', gap: 14, alignItems: 'center' }}>
            <ImageZoom path={tm.photo} alt={`Foto tire man ${tm.name}`} width={76} height={76} />
            <div style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Tire Man
              </Typography.Text>
              <div style={{ fontWeight: 600, fontSize: 16, lineHeight: 1.3 }}>{tm.name}</div>
              {wa ? (
                <a href={wa} target="_blank" rel="noreferrer" aria-label={`WhatsApp ${tm.name} ${tm.phone}`}>
                  <WhatsAppOutlined style={{ color: '#25d366' }} /> {tm.phone}
                </a>
              ) : (
                <Typography.Text type="secondary">{tm.phone || 'Nomor tidak ada'}</Typography.Text>
              )}
            </div>
          </div>
        </Col>
        <Col xs={24} md={16} xl={12}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 2, xl: 2 }} items={items} />
        </Col>
        <Col xs={24} xl={6}>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <figure style={{ margin: 0 }}>
              <ImageZoom path={detail.plate_number_url} alt="Foto plat nomor" width={116} height={86} />
              <figcaption style={captionStyle}>Plat nomor</figcaption>
            </figure>
            <figure style={{ margin: 0 }}>
              <ImageZoom path={detail.odometer_url} alt="Foto odometer" width={116} height={86} />
              <figcaption style={captionStyle}>Odometer</figcaption>
            </figure>
          </div>
        </Col>
      </Row>
    </Card>
  );
}

const captionStyle = { fontSize: 12, color: 'rgba(0,0,0,0.65)', marginTop: 4, textAlign: 'center' } as const;
