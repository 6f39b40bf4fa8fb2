import { UploadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { UNIT_TYPES, type UnitType } from '@itms/contracts/enums';
import type { TProjectRow, TUnitRow } from '@itms/contracts/master-data';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { CrudPage, FILTER_STYLE } from '../../components/crud-page';
import { ImportModal } from '../../components/import-modal';
import { RemoteSelect } from '../../components/remote-select';
import { UnitFittingModal } from '../../components/unit-fitting/unit-fitting-modal';
import { resourceKey } from '../../lib/api-client';
import { type UnitFormValues, unitBody, unitMissing, unitValues } from './unit-form';

const UNIT_TYPE_OPTIONS = UNIT_TYPES.map((t) => ({ value: t, label: t }));

const UNITS = {
  list: API.listUnits,
  get: API.getUnit,
  create: API.createUnit,
  update: API.updateUnit,
  remove: API.deleteUnit,
};

const baseColumns: TableColumnsType<TUnitRow> = [
  { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
  {
    key: 'plate_number',
    dataIndex: 'plate_number',
    title: 'Nomor Polisi',
    sorter: true,
    render: (v: string) => <strong>{v}</strong>,
  },
  { key: 'unit_type', dataIndex: 'unit_type', title: 'Tipe Unit', sorter: true },
  { key: 'project', title: 'Project', sorter: true, render: (_, row) => row.Project.name },
];

/** Unit master data (spec section 2 "Units"): list, add, edit, delete, import from XLSX/CSV. */
export default function UnitsPage() {
  const [importing, setImporting] = useState(false);
  const [fitting, setFitting] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const columns: TableColumnsType<TUnitRow> = [
    ...baseColumns,
    {
      key: 'fitting',
      title: 'Ban',
      width: 120,
      align: 'center',
      render: (_, row) => (
        <Button
          size="small"
          aria-label={`Pasang ban ${row.plate_number}`}
          onClick={(e) => {
            // the row itself opens the edit form
            e.stopPropagation();
            setFitting(row.id);
          }}
        >
          Pasang ban
        </Button>
      ),
    },
  ];
  return (
    <>
      <CrudPage<TUnitRow, UnitFormValues>
        resource={UNITS}
        noun="Unit"
        sizes={PAGE_SIZES.master}
        columns={columns}
        searchPlaceholder="Cari nomor polisi"
        addLabel="Tambah Unit"
        labelOf={(u) => u.plate_number}
        toolbarExtra={
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            Impor
          </Button>
        }
        filters={{
          keys: ['project_id', 'unit_type'],
          render: (values, set) => (
            <>
              <RemoteSelect<TProjectRow>
                list={API.listProjects}
                get={API.getProject}
                labelOf={(p) => p.name}
                aria-label="Filter project"
                placeholder="Semua project"
                allowClear
                value={values.project_id ? Number(values.project_id) : undefined}
                onChange={(v) => set('project_id', v)}
                style={FILTER_STYLE}
              />
              <Select<UnitType>
                aria-label="Filter tipe unit"
                placeholder="Semua tipe"
                allowClear
                showSearch
                options={UNIT_TYPE_OPTIONS}
                value={(values.unit_type as UnitType | undefined) ?? undefined}
                onChange={(v) => set('unit_type', v)}
                style={FILTER_STYLE}
              />
            </>
          ),
        }}
        initialValues={() => ({ plan_project: '' })}
        toValues={unitValues}
        toBody={unitBody}
        missing={unitMissing}
        renderFields={() => (
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
            <Form.Item
              name="tonnage"
              label="Tonase"
              rules={[{ required: true, message: 'Tonase wajib diisi' }]}
            >
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
            <Form.Item
              name="project_id"
              label="Project"
              rules={[{ required: true, message: 'Project wajib dipilih' }]}
            >
              <RemoteSelect<TProjectRow>
                list={API.listProjects}
                get={API.getProject}
                labelOf={(p) => p.name}
                placeholder="Pilih project"
              />
            </Form.Item>
            <Form.Item
              name="plan_project"
              label="Plan Project"
              extra="Kosongkan bila tidak ada (disimpan '-')"
            >
              <Input placeholder="-" maxLength={120} />
            </Form.Item>
            <Form.Item
              name="handled_date"
              label="Tanggal Handle"
              rules={[{ required: true, message: 'Tanggal handle wajib diisi' }]}
            >
              <DatePicker
                format={['DD/MM/YY', 'DD/MM/YYYY']}
                placeholder="dd/mm/yy"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </>
        )}
      />
      <ImportModal
        open={importing}
        kind="units"
        title="Impor Unit"
        onClose={() => setImporting(false)}
        onImported={() => queryClient.invalidateQueries({ queryKey: resourceKey(API.listUnits) })}
      />
      <UnitFittingModal unitId={fitting} onClose={() => setFitting(null)} />
    </>
  );
}
