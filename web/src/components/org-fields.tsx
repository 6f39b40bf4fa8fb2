import { API } from '@itms/contracts/api';
import type { TCustomerRow, TProjectRow } from '@itms/contracts/master-data';
import { Form } from 'antd';
import { RemoteSelect } from './remote-select';

/** The required 'Customer' field of a form (`customer_id`): searched on the server. */
export function CustomerField({ placeholder = 'Pilih customer' }: { placeholder?: string }) {
  return (
    <Form.Item
      name="customer_id"
      label="Customer"
      rules={[{ required: true, message: 'Customer wajib dipilih' }]}
    >
      <RemoteSelect<TCustomerRow>
        list={API.listCustomers}
        get={API.getCustomer}
        labelOf={(c) => c.name}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/** The required 'Project' field of a form (`project_id`): searched on the server. */
export function ProjectField({ placeholder = 'Pilih project' }: { placeholder?: string }) {
  return (
    <Form.Item
      name="project_id"
      label="Project"
      rules={[{ required: true, message: 'Project wajib dipilih' }]}
    >
      <RemoteSelect<TProjectRow>
        list={API.listProjects}
        get={API.getProject}
        labelOf={(p) => p.name}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}
