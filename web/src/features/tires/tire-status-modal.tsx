import { API } from '@itms/contracts/api';
import {
  DEFECT_CODE_MAX,
  DEFECT_CODE_MIN,
  NORMAL_CODE,
  NOT_CHECKED_CODE,
} from '@itms/contracts/defect-codes';
import { CONDITION_PARTS } from '@itms/contracts/enums';
import type { TTireDetail } from '@itms/contracts/tire-list';
import { Alert, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useAction, useConfirm } from '../../lib/use-action';
import { useDefectCodes } from '../../lib/use-defect-codes';

const PART_LABELS: Record<(typeof CONDITION_PARTS)[number], string> = {
  crown: 'Crown',
  shoulder: 'Shoulder',
  sidewalls: 'Sidewall',
  beads: 'Bead',
  interior: 'Interior',
};

const isCode = (c: number) =>
  Number.isInteger(c) &&
  (c === NOT_CHECKED_CODE || c === NORMAL_CODE || (c >= DEFECT_CODE_MIN && c <= DEFECT_CODE_MAX));

function parseCondition(text: string | undefined): number[] {
  const codes = (text ?? '').split(',').map((s) => Number(s.trim()));
  return codes.length === 5 && codes.every(isCode) ? codes : [0, 0, 0, 0, 0];
}

type Values = { status: 'UNINSTALLED' | 'SPARE' | 'SCRAP'; reason?: string; codes: number[] };

/** "Ubah Status Ban": to stock (UNINSTALLED), SPARE or SCRAP with a reason and condition codes. */
export function TireStatusModal({
  tire,
  open,
  onClose,
}: {
  tire: TTireDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { run, pending } = useAction();
  const confirm = useConfirm();
  const mounted = tire.Unit !== null;
  const status = Form.useWatch('status', form);
  const before = parseCondition(tire.condition);
  // 0, 99, then every code of the defect catalogue with its name
  const { options: codeOptions } = useDefectCodes();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per opening
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({
        status: tire.status === 'INSTALLED' || tire.status === 'UNINSTALLED' ? 'SPARE' : 'UNINSTALLED',
        codes: before,
      });
    }
  }, [open]);

  const submit = async (v: Values) => {
    const ok = await confirm({
      title: `Ubah status ban ${tire.serial_number} menjadi ${v.status} ?`,
      content: mounted
        ? `Ban akan dilepas dari ${tire.Unit?.plate_number} posisi ${tire.Unit?.position}.`
        : undefined,
      okText: 'Ubah Status',
      danger: v.status === 'SCRAP',
    });
    if (!ok) return;
    const condition = v.codes.join(',');
    await run({
      request: (send) =>
        send(API.setTireStatus, {
          params: { id: tire.id },
          body: {
            status: v.status,
            reason: v.reason?.trim() || undefined,
            condition: v.status === 'SCRAP' && condition !== before.join(',') ? condition : undefined,
          },
        }),
      form,
      onDone: onClose,
    });
  };

  const options = [
    { value: 'UNINSTALLED', label: mounted ? 'UNINSTALLED (lepas ke gudang)' : 'UNINSTALLED' },
    { value: 'SPARE', label: 'SPARE' },
    {
      value: 'SCRAP',
      label: mounted ? 'SCRAP (lepas ban dari unit terlebih dahulu)' : 'SCRAP',
      disabled: mounted,
    },
  ].filter((o) => o.value !== tire.status);

  return (
    <Modal
      open={open}
      title="Ubah Status Ban"
      okText="Simpan Status"
      cancelText="Batal"
      onOk={() => form.submit()}
      onCancel={() => !pending && onClose()}
      confirmLoading={pending}
      destroyOnHidden
      width={{ xs: '100%', sm: 560 }}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {tire.serial_number} · status sekarang <b>{tire.status}</b>
        {mounted ? ` di ${tire.Unit?.plate_number} posisi ${tire.Unit?.position}` : ''}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} disabled={pending}>
        <Form.Item
          name="status"
          label="Status baru"
          rules={[{ required: true, message: 'Status wajib dipilih' }]}
        >
          <Select options={options} aria-label="Status baru" />
        </Form.Item>
        {status === 'SCRAP' ? (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="Ban scrap keluar dari stok dan tidak dapat dipasang lagi."
            />
            <Typography.Text strong>Kode kondisi</Typography.Text>
            <Row gutter={[8, 0]} style={{ marginTop: 8 }}>
              {CONDITION_PARTS.map((p, i) => (
                <Col key={p} xs={12} sm={8}>
                  <Form.Item name={['codes', i]} label={PART_LABELS[p]}>
                    <Select
                      options={codeOptions}
                      showSearch={{ optionFilterProp: 'label' }}
                      aria-label={`Kondisi ${PART_LABELS[p]}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        ) : null}
        <Form.Item
          name="reason"
          label={status === 'SCRAP' ? 'Alasan scrap' : 'Keterangan'}
          rules={[{ max: 500, message: 'Maksimal 500 karakter' }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            placeholder="mis. Sidewall sobek, tidak bisa divulkanisir"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
