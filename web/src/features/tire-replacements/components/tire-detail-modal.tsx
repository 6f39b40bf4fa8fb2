import { SwapOutlined } from '@ant-design/icons';
import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from '@itms/contracts/constants';
import {
  CASING_STATUSES,
  FLAP_STATUSES,
  TIRE_ORIGIN_LABELS,
  TUBE_STATUSES,
  VELG_STATUSES,
} from '@itms/contracts/enums';
import { REPLACEMENT_MESSAGES } from '@itms/contracts/tire-replacements';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { EditOrSave, useEditMode } from '../../../components/edit-mode';
import { NOT_SAVED, useCloseGuard } from '../../../lib/use-close-guard';
import { useUpdateReplaceRecord } from '../api/update-replace-record';
import { useUpdateTire } from '../api/update-tire';
import type { PositionSlot } from '../lib/position-slots';
import { recordBodyOf, type TireFormValues, tireBodyOf, tireFormValues } from '../lib/tire-form';

export const TIRE_UPDATED = 'Data Ban Berhasil di Edit';
export const UPDATE_CONFIRM = 'Update informasi ban ?';

export interface TireDetailModalProps {
  open: boolean;
  side: 'before' | 'after';
  slot: PositionSlot | null;
  editable: boolean;
  onClose: () => void;
  /** Opens the Form Rekam Pergantian of the After record. */
  onSwap: (slot: PositionSlot) => void;
}

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const ORIGIN_OPTIONS = Object.entries(TIRE_ORIGIN_LABELS).map(([value, label]) => ({
  value,
  label: `${value} (${label})`,
}));
const toUpper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 6px', minWidth: 0 }}>
      <legend
        style={{
          fontSize: 12,
          fontWeight: 600,
          textTransform: 'uppercase',
          letterSpacing: 0.5,
          color: 'rgba(0,0,0,0.55)',
          marginBottom: 8,
          borderBottom: '1px solid #eef0f4',
          width: '100%',
          paddingBottom: 4,
        }}
      >
        {title}
      </legend>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))',
          columnGap: 12,
        }}
      >
        {children}
      </div>
    </fieldset>
  );
}

const upperInput = (name: keyof TireFormValues, label: string) => (
  <Form.Item name={name} label={label} normalize={toUpper}>
    <Input maxLength={100} />
  </Form.Item>
);
const selectInput = (name: keyof TireFormValues, label: string, values: readonly string[]) => (
  <Form.Item name={name} label={label}>
    <Select options={options(values)} allowClear placeholder="Pilih" />
  </Form.Item>
);
// bounds are rules with their message, not InputNumber's min/max (which silently turn 250 into 200)
const numberInput = (name: keyof TireFormValues, label: string, min: number, max: number, step = 1) => (
  <Form.Item
    name={name}
    label={label}
    rules={[{ type: 'number', min, max, message: `${label} harus ${min} sampai ${max}` }]}
  >
    <InputNumber step={step} style={{ width: '100%' }} inputMode="decimal" decimalSeparator="," />
  </Form.Item>
);

/**
 * Form Detail Ban. Before edits the tire on the unit now (PUT /tire/update/{id}); After edits the
 * record's values, which the validation puts onto the new tire (PUT /tire-replace-record/{id}).
 */
export function TireDetailModal({ open, side, slot, editable, onClose, onSwap }: TireDetailModalProps) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<TireFormValues>();
  const updateTire = useUpdateTire();
  const updateRecord = useUpdateReplaceRecord();
  const source = side === 'before' ? slot?.beforeTire : slot?.after;
  const saving = updateTire.isPending || updateRecord.isPending;
  const { editing, edit } = useEditMode(open);
  const { close, load } = useCloseGuard(form, onClose, { busy: saving });

  useEffect(() => {
    if (open && source) load(tireFormValues(source));
  }, [open, source, load]);

  const save = (values: TireFormValues) => {
    if (!slot || !source) return;
    modal.confirm({
      title: UPDATE_CONFIRM,
      content: `Posisi ${slot.position} · ${side === 'before' ? 'Before' : 'After'} · ${source.serial_number}`,
      okText: 'Update',
      cancelText: 'Batal',
      onCancel: () => message.info(NOT_SAVED),
      onOk: async () => {
        if (side === 'before' && slot.beforeTire) {
          await updateTire.mutateAsync({ tireId: slot.beforeTire.id, body: tireBodyOf(values) });
          message.success(TIRE_UPDATED);
        } else if (slot.after) {
          const res = await updateRecord.mutateAsync({ recordId: slot.after.id, body: recordBodyOf(values) });
          if (res.changed) message.success(TIRE_UPDATED);
          else message.info(res.message || REPLACEMENT_MESSAGES.recordUnchanged);
        }
        onClose();
      },
    });
  };

  const title = (
    <div>
      <div>Form Detail Ban</div>
      <div style={{ fontSize: 13, fontWeight: 400, color: 'rgba(0,0,0,0.55)' }}>
        Posisi {slot?.position} ·{' '}
        {side === 'before' ? 'Before: ban di unit sebelum pergantian' : 'After: ban hasil pergantian'}
      </div>
    </div>
  );

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        editable ? (
          <Space>
            {editing ? (
              <Button onClick={close} disabled={saving}>
                Batal
              </Button>
            ) : (
              <Button onClick={onClose}>Kembali</Button>
            )}
            <EditOrSave
              editing={editing}
              onEdit={edit}
              save={
                <Button type="primary" onClick={() => form.submit()} loading={saving}>
                  Simpan
                </Button>
              }
            />
          </Space>
        ) : (
          <Button onClick={onClose}>Kembali</Button>
        )
      }
    >
      {side === 'after' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Nilai ini dicatat tire man pada rekam pergantian dan diterapkan ke ban saat validasi."
        />
      ) : null}
      <Form<TireFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!editable || !editing}
        onFinish={save}
        size="middle"
      >
        <Section title="Identitas ban">
          {side === 'before' ? (
            <Form.Item
              name="serial_number"
              label="Nomor Seri (S/N)"
              rules={[{ required: true, whitespace: true, message: 'Nomor seri wajib diisi' }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          ) : (
            <Form.Item label="Nomor Seri (S/N)">
              <Space.Compact style={{ width: '100%' }}>
                <Input value={source?.serial_number} readOnly aria-label="Nomor Seri (S/N)" />
                <Button
                  icon={<SwapOutlined />}
                  disabled={!editable || !editing}
                  onClick={() => slot && onSwap(slot)}
                  aria-label="Ganti ban"
                  title="Ganti ban"
                />
              </Space.Compact>
            </Form.Item>
          )}
          {upperInput('ir_brand', 'IR Brand')}
          {upperInput('ori_brand', 'Merk')}
          <Form.Item name="pattern" label="Pattern">
            <Input maxLength={100} />
          </Form.Item>
          {upperInput('size', 'Ukuran')}
          <Form.Item name="is_original" label="Kondisi">
            <Select options={ORIGIN_OPTIONS} placeholder="Pilih" />
          </Form.Item>
          {selectInput('casing_status', 'Status Casing', CASING_STATUSES)}
        </Section>
        <Section title="RTD dan tekanan">
          {numberInput('groove_1', 'RTD 1', RTD_MIN, RTD_MAX, 0.5)}
          {numberInput('groove_2', 'RTD 2', RTD_MIN, RTD_MAX, 0.5)}
          {numberInput('groove_3', 'RTD 3', RTD_MIN, RTD_MAX, 0.5)}
          {numberInput('groove_4', 'RTD 4', RTD_MIN, RTD_MAX, 0.5)}
          {numberInput('groove_lowest', 'RTD Terendah', RTD_MIN, RTD_MAX, 0.5)}
          {numberInput('pressure', 'PSI', PSI_MIN, PSI_MAX)}
        </Section>
        <Section title="Tube">
          {upperInput('tube_brand', 'Merk Tube')}
          {upperInput('tube_size', 'Ukuran Tube')}
          {selectInput('tube_status', 'Status Tube', TUBE_STATUSES)}
        </Section>
        <Section title="Flap">
          {upperInput('flap_brand', 'Merk Flap')}
          {upperInput('flap_size', 'Ukuran Flap')}
          {selectInput('flap_status', 'Status Flap', FLAP_STATUSES)}
        </Section>
        <Section title="Velg">
          {upperInput('velg_brand', 'Merk Velg')}
          {upperInput('velg_size', 'Ukuran Velg')}
          {numberInput('velg_holes', 'Lubang Velg', 0, 99)}
          {selectInput('velg_status', 'Status Velg', VELG_STATUSES)}
        </Section>
        <Form.Item name="information" label="Keterangan" style={{ marginBottom: 0 }}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
