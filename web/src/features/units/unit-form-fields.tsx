import { API } from '@itms/contracts/api';
import { UNIT_TYPES, type UnitType } from '@itms/contracts/enums';
import type { TUnitRow } from '@itms/contracts/master-data';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { CrudFormProps } from '../../components/crud-page';
import { ProjectField } from '../../components/org-fields';
import { type UnitFormValues, unitBody, unitMissing, unitValues } from './unit-form';

export const UNIT_TYPE_OPTIONS = UNIT_TYPES.map((t) => ({ value: t, label: t }));

export const UNITS = {
  list: API.listUnits,
  get: API.getUnit,
  create: API.createUnit,
  update: API.updateUnit,
  remove: API.deleteUnit,
};

/** The unit's add/edit form: the unit list's 'Tambah Unit' and the unit page's 'Ubah'. */
export const UNIT_FORM: CrudFormProps<TUnitRow, UnitFormValues> = {
  resource: UNITS,
  noun: 'Unit',
  addLabel: 'Tambah Unit',
  initialValues: () => ({ plan_project: '' }),
  toValues: unitValues,
  toBody: unitBody,
  missing: unitMissing,
  renderFields: () => (
    <>
      <Form.Item
        name="plate_number"
        label="Nomor Polisi"
        normalize={(v: string) => v.toUpperCase()}
        rules={[{ required: true, whitespace: true, message: 'Nomor polisi wajib diisi' }]}
      >
        <Input placeholder="B 9001 TR" maxLength={20} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="unit_type"
        label="Tipe Unit"
        rules={[{ required: true, message: 'Tipe unit wajib dipilih' }]}
      >
        <Select<UnitType>
          showSearch
          virtual={false}
          options={UNIT_TYPE_OPTIONS}
          placeholder="Pilih tipe unit"
        />
      </Form.Item>
      <Form.Item name="tonnage" label="Tonase" rules={[{ required: true, message: 'Tonase wajib diisi' }]}>
        <InputNumber<number>
          min={0}
          max={1000}
          step={1}
          decimalSeparator=","
          suffix="Ton"
          placeholder="0"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <ProjectField />
      <Form.Item name="plan_project" label="Plan Project" extra="Kosongkan bila tidak ada (disimpan '-')">
        <Input placeholder="-" maxLength={120} />
      </Form.Item>
      <Form.Item
        name="handled_date"
        label="Tanggal Handle"
        rules={[{ required: true, message: 'Tanggal handle wajib diisi' }]}
      >
        <DatePicker format={['DD/MM/YY', 'DD/MM/YYYY']} placeholder="dd/mm/yy" style={{ width: '100%' }} />
      </Form.Item>
    </>
  ),
};
