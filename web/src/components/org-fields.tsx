import { API } from '@itms/contracts/api';
import type { TCustomerRow, TProjectRow } from '@itms/contracts/master-data';
import { Form } from 'antd';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';

/** A customer, searched on the server by name as the user types. */
export function CustomerSelect(props: Omit<RemoteSelectProps<TCustomerRow>, 'list' | 'get' | 'labelOf'>) {
  return (
    <RemoteSelect<TCustomerRow>
      list={API.listCustomers}
      get={API.getCustomer}
      labelOf={(c) => c.name}
      {...props}
    />
  );
}

/**
 * The required 'Customer' field of a form (`customer_id`): searched on the server. `onPick` hears
 * the chosen customer (its name for a summary).
 */
export function CustomerField({
  placeholder = 'Pilih customer',
  label = 'Customer',
  message = 'Customer wajib dipilih',
  extra,
  onPick,
}: {
  placeholder?: string;
  label?: string;
  message?: string;
  extra?: string;
  onPick?: (customer: TCustomerRow | undefined) => void;
}) {
  return (
    <Form.Item name="customer_id" label={label} extra={extra} rules={[{ required: true, message }]}>
      <CustomerSelect placeholder={placeholder} onChange={onPick && ((_, row) => onPick(row))} />
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
