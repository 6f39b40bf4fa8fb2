import { UploadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { UnitType } from '@itms/contracts/enums';
import type { TProjectRow, TUnitRow } from '@itms/contracts/master-data';
import { Button, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../components/crud-page';
import { ImportModal } from '../../components/import-modal';
import { FILTER_STYLE } from '../../components/page-frame';
import { RemoteSelect } from '../../components/remote-select';
import { UnitFittingModal } from '../../components/unit-fitting/unit-fitting-modal';
import type { UnitFormValues } from './unit-form';
import { UNIT_FORM, UNIT_TYPE_OPTIONS } from './unit-form-fields';

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

/**
 * Unit master data (spec section 2 "Units"): list, add, edit, delete, import from XLSX/CSV. A row
 * opens the unit page (/unit/:id); the pencil opens the edit form here.
 */
export default function UnitsPage() {
  const [importing, setImporting] = useState(false);
  const [fitting, setFitting] = useState<number | null>(null);
  const navigate = useNavigate();
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
            // the row itself opens the unit page
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
        sizes={PAGE_SIZES.master}
        columns={columns}
        searchPlaceholder="Cari nomor polisi"
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
        {...UNIT_FORM}
        onOpenRow={(row) => navigate(`/unit/${row.id}`)}
      />
      <ImportModal open={importing} kind="units" title="Impor Unit" onClose={() => setImporting(false)} />
      <UnitFittingModal unitId={fitting} onClose={() => setFitting(null)} />
    </>
  );
}
