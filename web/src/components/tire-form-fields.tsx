import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from '@itms/contracts/constants';
import {
  CASING_STATUSES,
  FLAP_STATUSES,
  TIRE_ORIGIN_LABELS,
  TIRE_ORIGINS,
  TUBE_STATUSES,
  VELG_STATUSES,
} from '@itms/contracts/enums';
import { GROOVES, lowestGroove } from '@itms/contracts/rules/grooves';
import type { TTireFields } from '@itms/contracts/tires';
import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';

// The editable tire fields (spec section 3, Tire; section 5: numeric RTD/PSI/velg holes, upper-cased
// casing/tube/flap/velg/brand/size text, 4-row information). Shared by "Form Edit Ban" (/tire)
// and "Form Tambah Ban Baru" / "Form Edit Ban Baru" (/tire-request).

/** The fields this component edits: everything of a tire except its live state and photos. */
export const TIRE_FORM_TEXT_FIELDS = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  'casing_status',
  'tube_brand',
  'tube_size',
  'tube_status',
  'flap_brand',
  'flap_size',
  'flap_status',
  'velg_brand',
  'velg_size',
  'velg_status',
  'information',
] as const satisfies readonly (keyof TTireFields)[];

export const TIRE_FORM_NUMBER_FIELDS = [
  'odometer',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'velg_holes',
] as const satisfies readonly (keyof TTireFields)[];

/** What the tire cost (issue 11): whole rupiah, blank = unknown. Not tire fields proper (ZTirePriceFields). */
export const TIRE_PRICE_FIELDS = ['purchase_price', 'retread_cost'] as const;

export const TIRE_FORM_FIELDS = [
  ...TIRE_FORM_TEXT_FIELDS,
  ...TIRE_FORM_NUMBER_FIELDS,
  ...TIRE_PRICE_FIELDS,
] as const;
export type TireFormField = (typeof TIRE_FORM_FIELDS)[number];

/** Form values: texts (enumerations as Select values, undefined when empty) and numbers (null when empty). */
export type TireFormValues = {
  [K in (typeof TIRE_FORM_TEXT_FIELDS)[number]]?: string;
} & {
  [K in (typeof TIRE_FORM_NUMBER_FIELDS | typeof TIRE_PRICE_FIELDS)[number]]?: number | null;
};

/** Texts the spec upper-cases before sending (brands, size, casing/tube/flap/velg values). */
const UPPER_FIELDS: readonly TireFormField[] = [
  'ir_brand',
  'ori_brand',
  'size',
  'casing_status',
  'tube_brand',
  'tube_size',
  'tube_status',
  'flap_brand',
  'flap_size',
  'flap_status',
  'velg_brand',
  'velg_size',
  'velg_status',
];

/** Form values of a stored tire or tire request. */
export function tireFormValues(record: Partial<Record<TireFormField, unknown>>): TireFormValues {
  const out: Record<string, unknown> = {};
  for (const k of TIRE_FORM_TEXT_FIELDS) {
    const v = record[k];
    out[k] = typeof v === 'string' && v !== '' ? v : undefined;
  }
  for (const k of [...TIRE_FORM_NUMBER_FIELDS, ...TIRE_PRICE_FIELDS]) {
    const v = record[k];
    out[k] = typeof v === 'number' ? v : null;
  }
  return out as TireFormValues;
}

/**
 * Request body of the form values: texts trimmed ('' when empty) and upper-cased where the spec
 * says so, numbers as numbers or null. An empty odometer is left out (the server keeps its own).
 */
export function tireFormBody(values: TireFormValues): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const k of TIRE_FORM_TEXT_FIELDS) {
    const v = (values[k] ?? '').trim();
    body[k] = UPPER_FIELDS.includes(k) ? v.toUpperCase() : v;
  }
  for (const k of TIRE_FORM_NUMBER_FIELDS) {
    const v = values[k];
    if (k === 'odometer' && (v === null || v === undefined)) continue;
    body[k] = typeof v === 'number' ? v : null;
  }
  for (const k of TIRE_PRICE_FIELDS) {
    const v = values[k];
    body[k] = typeof v === 'number' ? Math.round(v) : null;
  }
  // ORI/RET left empty: the server applies its default (ORI)
  if (body.is_original === '') delete body.is_original;
  return body;
}

/** Rupiah as typed and shown: thousands grouped with dots (1.250.000), whole rupiah. */
export const rupiahInput = {
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'),
  parser: (v: string | undefined) => (v ?? '').replace(/\D/g, '') as unknown as number,
};
const RUPIAH_MAX = 10_000_000_000;

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const cols = { xs: 24, sm: 12, lg: 8 } as const;
const quarter = { xs: 12, sm: 8, lg: 4 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" style={{ margin: '4px 0 12px', fontSize: 14 }}>
        {title}
      </Divider>
      <Row gutter={[16, 0]}>{children}</Row>
    </>
  );
}

function TextField({
  name,
  label,
  uppercase = true,
}: {
  name: TireFormField;
  label: string;
  uppercase?: boolean;
}) {
  return (
    <Col {...cols}>
      <Form.Item name={name} label={label} normalize={uppercase ? upper : undefined}>
        <Input allowClear maxLength={100} />
      </Form.Item>
    </Col>
  );
}

function StatusField({
  name,
  label,
  values,
}: {
  name: TireFormField;
  label: string;
  values: readonly string[];
}) {
  return (
    <Col {...cols}>
      <Form.Item name={name} label={label}>
        <Select allowClear placeholder="Pilih" options={options(values)} aria-label={label} showSearch />
      </Form.Item>
    </Col>
  );
}

export interface TireFormFieldsProps {
  /** Show the odometer (Form Edit Ban; a new tire has none yet). */
  withOdometer?: boolean;
}

/**
 * Every editable tire field inside an antd Form (vertical layout). Enumerations are Selects, RTD
 * 0-24 / PSI 0-200 / velg holes numeric, brand/size/tube/flap/velg text upper-cased as typed, and
 * 'RTD Terendah' follows the grooves unless typed over.
 */
export function TireFormFields({ withOdometer = false }: TireFormFieldsProps) {
  const form = Form.useFormInstance<TireFormValues>();
  const followLowest = () => {
    const v = Object.fromEntries(GROOVES.map((g) => [g, form.getFieldValue(g)]));
    form.setFieldValue('groove_lowest', lowestGroove(v));
  };

  return (
    <>
      <Section title="Identitas Ban">
        <Col {...cols}>
          <Form.Item
            name="serial_number"
            label="Nomor Seri (S/N)"
            rules={[{ required: true, whitespace: true, message: 'Nomor seri wajib diisi' }]}
          >
            <Input allowClear maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <TextField name="ir_brand" label="IR Brand" />
        <TextField name="ori_brand" label="Merk (Ori Brand)" />
        <TextField name="pattern" label="Pattern" uppercase={false} />
        <TextField name="size" label="Size" />
        <Col {...cols}>
          <Form.Item name="is_original" label="Kondisi (ORI / RET)">
            <Select
              allowClear
              placeholder="Pilih"
              aria-label="Kondisi (ORI / RET)"
              options={TIRE_ORIGINS.map((o) => ({ value: o, label: `${o} (${TIRE_ORIGIN_LABELS[o]})` }))}
            />
          </Form.Item>
        </Col>
        <StatusField name="casing_status" label="Status Casing" values={CASING_STATUSES} />
        {withOdometer ? (
          <Col {...cols}>
            <Form.Item name="odometer" label="Odometer (Km)">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label="Odometer (Km)" />
            </Form.Item>
          </Col>
        ) : null}
      </Section>

      <Section title="RTD dan Tekanan">
        {GROOVES.map((g, i) => (
          <Col key={g} {...quarter}>
            <Form.Item name={g} label={`RTD ${i + 1}`}>
              <InputNumber
                min={RTD_MIN}
                max={RTD_MAX}
                step={0.5}
                precision={1}
                decimalSeparator=","
                style={{ width: '100%' }}
                aria-label={`RTD ${i + 1}`}
                onChange={() => queueMicrotask(followLowest)}
              />
            </Form.Item>
          </Col>
        ))}
        <Col {...quarter}>
          <Form.Item name="groove_lowest" label="RTD Terendah">
            <InputNumber
              min={RTD_MIN}
              max={RTD_MAX}
              step={0.5}
              precision={1}
              decimalSeparator=","
              style={{ width: '100%' }}
              aria-label="RTD Terendah"
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="pressure" label="PSI">
            <InputNumber
              min={PSI_MIN}
              max={PSI_MAX}
              precision={0}
              style={{ width: '100%' }}
              aria-label="PSI"
            />
          </Form.Item>
        </Col>
      </Section>

      <Section title="Harga">
        <Col {...cols}>
          <Form.Item name="purchase_price" label="Harga Beli (Rp)" extra="Kosongkan bila belum diketahui">
            <InputNumber<number>
              min={0}
              max={RUPIAH_MAX}
              precision={0}
              step={100_000}
              prefix="Rp"
              formatter={rupiahInput.formatter}
              parser={rupiahInput.parser}
              style={{ width: '100%' }}
              aria-label="Harga Beli (Rp)"
            />
          </Form.Item>
        </Col>
        <Col {...cols}>
          <Form.Item name="retread_cost" label="Biaya Vulkanisir (Rp)" extra="Total biaya vulkanisir ban ini">
            <InputNumber<number>
              min={0}
              max={RUPIAH_MAX}
              precision={0}
              step={50_000}
              prefix="Rp"
              formatter={rupiahInput.formatter}
              parser={rupiahInput.parser}
              style={{ width: '100%' }}
              aria-label="Biaya Vulkanisir (Rp)"
            />
          </Form.Item>
        </Col>
      </Section>

      <Section title="Tube">
        <TextField name="tube_brand" label="Merk Tube" />
        <TextField name="tube_size" label="Ukuran Tube" />
        <StatusField name="tube_status" label="Status Tube" values={TUBE_STATUSES} />
      </Section>

      <Section title="Flap">
        <TextField name="flap_brand" label="Merk Flap" />
        <TextField name="flap_size" label="Ukuran Flap" />
        <StatusField name="flap_status" label="Status Flap" values={FLAP_STATUSES} />
      </Section>

      <Section title="Velg">
        <TextField name="velg_brand" label="Merk Velg" />
        <TextField name="velg_size" label="Ukuran Velg" />
        <Col {...cols}>
          <Form.Item name="velg_holes" label="Lubang Velg">
            <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} aria-label="Lubang Velg" />
          </Form.Item>
        </Col>
        <StatusField name="velg_status" label="Status Velg" values={VELG_STATUSES} />
      </Section>

      <Section title="Informasi">
        <Col span={24}>
          <Form.Item name="information" label="Informasi">
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}
