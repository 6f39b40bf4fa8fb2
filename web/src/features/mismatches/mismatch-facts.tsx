import type { TMismatchDetail } from '@itms/contracts/mismatches';
import { Descriptions, type DescriptionsProps, Flex, Input, Typography } from 'antd';
import { ImageZoom } from '../../components/image-zoom';
import { workTimes } from '../../components/late-tag';
import { WithStage } from '../../components/stage-tag';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { projectText, StatusTag } from './mismatch-format';

const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

export interface MismatchFactsProps {
  detail: TMismatchDetail;
  /** Rekam BKB also shows status and validator, and the note as a read-only text box. */
  variant: 'validation' | 'record';
}

/** Who reported what on which unit: the upper half of both BKB detail modals. */
export function MismatchFacts({ detail: d, variant }: MismatchFactsProps) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  const hasDriver = d.driver !== null;
  const tireman = d.tireman_bkb;
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'BKB ID', children: <Typography.Text strong>{d.id}</Typography.Text> },
    // when the BKB was done and when it was received (late ones tagged)
    ...workTimes(d),
    {
      key: 'driver',
      label: 'Driver',
      children: hasDriver ? d.driver : muted('Tidak ada data driver'),
    },
    {
      key: 'driverPhone',
      label: 'No. HP Driver',
      children: hasDriver && d.driverPhone ? d.driverPhone : '-',
    },
    ...(variant === 'record' && !tireman
      ? [
          {
            key: 'tireman',
            label: 'Tire Man',
            span: 'filled' as const,
            children: muted('Tidak ada data tire man'),
          },
        ]
      : [
          { key: 'tireman', label: 'Tire Man', children: tireman?.name ?? '-' },
          { key: 'tiremanPhone', label: 'No. HP Tire Man', children: tireman?.phone || '-' },
        ]),
    { key: 'plate', label: 'No. Body', children: d.Unit.plate_number },
    { key: 'location', label: 'Lokasi', children: d.location ?? '-' },
    { key: 'project', label: 'Project', children: projectText(d.project, d.driver) },
    { key: 'category', label: 'Kategori', children: d.category },
    ...(variant === 'record'
      ? [
          {
            key: 'status',
            label: 'Status',
            children: (
              <WithStage stage={d.stage}>
                <StatusTag status={d.status} />
              </WithStage>
            ),
          },
          { key: 'validator', label: 'Validator', children: d.itms_bkb?.name ?? muted('Belum divalidasi') },
        ]
      : [
          {
            key: 'information',
            label: 'Keterangan',
            span: 'filled' as const,
            children: d.information || muted('Tidak ada keterangan tambahan'),
          },
        ]),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} vertical={!wide} align="flex-start">
        <Flex gap={12} vertical={wide}>
          <figure style={{ margin: 0 }}>
            <ImageZoom path={d.driverPhoto} alt="Foto driver" width={112} height={112} />
            <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>
              Foto driver
            </figcaption>
          </figure>
          <figure style={{ margin: 0 }}>
            <ImageZoom path={d.imageUrl} alt="Foto BKB" width={112} height={112} />
            <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>
              Foto BKB
            </figcaption>
          </figure>
        </Flex>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={items}
          style={{ flex: 1, minWidth: 0, width: '100%' }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        />
      </Flex>
      {variant === 'record' ? (
        <div>
          <label
            htmlFor={`bkb-${d.id}-keterangan`}
            style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}
          >
            Keterangan
          </label>
          <Input.TextArea
            id={`bkb-${d.id}-keterangan`}
            readOnly
            value={d.information}
            placeholder="Tidak ada keterangan tambahan"
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </div>
      ) : null}
    </Flex>
  );
}
