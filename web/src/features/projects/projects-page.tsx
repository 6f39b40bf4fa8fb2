import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TProjectBody, TProjectRow } from '@itms/contracts/master-data';
import { Form, Input, type TableColumnsType } from 'antd';
import { CrudPage } from '../../components/crud-page';
import { CustomerField } from '../../components/org-fields';

interface ProjectFormValues {
  name?: string;
  customer_id?: number;
}

const columns: TableColumnsType<TProjectRow> = [
  { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
  { key: 'name', dataIndex: 'name', title: 'Nama Project', sorter: true },
  { key: 'customer', title: 'Customer', sorter: true, render: (_, row) => row.Customer.name },
  { key: 'unitCount', dataIndex: 'unitCount', title: 'Unit', align: 'right', width: 80 },
];

/** Projects (spec section 2 "Banners, Projects, Customers, News"): ID, name, customer; add, edit, delete. */
export default function ProjectsPage() {
  return (
    <CrudPage<TProjectRow, ProjectFormValues>
      resource={{
        list: API.listProjects,
        get: API.getProject,
        create: API.createProject,
        update: API.updateProject,
        remove: API.deleteProject,
      }}
      noun="Project"
      sizes={PAGE_SIZES.master}
      columns={columns}
      searchPlaceholder="Cari project atau customer"
      addLabel="Tambah Project"
      labelOf={(p) => p.name}
      toValues={(p) => ({ name: p.name, customer_id: p.customer_id })}
      toBody={(v): TProjectBody => ({ name: v.name?.trim() ?? '', customer_id: v.customer_id! })}
      renderFields={() => (
        <>
          <Form.Item
            name="name"
            label="Nama Project"
            rules={[{ required: true, whitespace: true, message: 'Nama project wajib diisi' }]}
          >
            <Input maxLength={120} placeholder="Hauling Batubara ..." />
          </Form.Item>
          <CustomerField />
        </>
      )}
    />
  );
}
