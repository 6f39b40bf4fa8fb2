import { EyeOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TCustomerBody, TCustomerRow } from '@itms/contracts/master-data';
import { Form, Input, type TableColumnsType } from 'antd';
import { CrudPage } from '../../components/crud-page';
import { LinkButton } from '../../components/link-button';
import { appTime } from '../../lib/dayjs';

/** 'DD MMMM YYYY pukul: HH:mm' (spec section 2: day month year plus the time prefixed 'pukul:'). */
export function customerDate(value: string): string {
  return appTime(value).format('DD MMMM YYYY [pukul:] HH:mm');
}

const columns: TableColumnsType<TCustomerRow> = [
  { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
  { key: 'name', dataIndex: 'name', title: 'Nama Customer', sorter: true },
  {
    key: 'createdAt',
    dataIndex: 'createdAt',
    title: 'Tanggal',
    sorter: true,
    render: (v: string) => customerDate(v),
  },
  { key: 'projectCount', dataIndex: 'projectCount', title: 'Project', align: 'right', width: 90 },
  // what the customer's accounts see (issue 40), opened for this customer
  {
    key: 'portal',
    width: 130,
    render: (_, c) => (
      <LinkButton
        size="small"
        icon={<EyeOutlined />}
        to={`/portal?customer_id=${c.id}`}
        aria-label={`Lihat portal ${c.name}`}
      >
        Lihat portal
      </LinkButton>
    ),
  },
];

/**
 * Customers (spec section 2): ID, name, date; add, edit and a delete that works. 'Lihat portal'
 * opens the customer's portal (Armada) as its accounts see it.
 */
export default function CustomersPage() {
  return (
    <CrudPage<TCustomerRow, { name?: string }>
      resource={{
        list: API.listCustomers,
        get: API.getCustomer,
        create: API.createCustomer,
        update: API.updateCustomer,
        remove: API.deleteCustomer,
      }}
      noun="Customer"
      sizes={PAGE_SIZES.master}
      columns={columns}
      searchPlaceholder="Cari nama customer"
      addLabel="Tambah Customer"
      labelOf={(c) => c.name}
      card={{ title: (c) => c.name, lines: ['createdAt', 'projectCount'] }}
      toValues={(c) => ({ name: c.name })}
      toBody={(v): TCustomerBody => ({ name: v.name?.trim() ?? '' })}
      renderFields={() => (
        <Form.Item
          name="name"
          label="Nama Customer"
          rules={[{ required: true, whitespace: true, message: 'Nama customer wajib diisi' }]}
        >
          <Input maxLength={120} placeholder="PT ..." />
        </Form.Item>
      )}
    />
  );
}
