import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TableColumnsType, Tag } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { viewport } from '../test/setup';
import { openableRow } from './list-controls';
import { ResponsiveTable } from './responsive-table';

interface Unit {
  id: number;
  plate: string;
  model: string;
  project: string;
  status: 'active' | 'scrap';
}

const rows: Unit[] = [
  { id: 1, plate: 'B 9946 TXB', model: 'Hino 500', project: 'Tambang Utara', status: 'active' },
  { id: 2, plate: 'KT 8123 AB', model: 'Volvo FMX', project: 'Tambang Selatan', status: 'scrap' },
];

const columns: TableColumnsType<Unit> = [
  { key: 'plate', title: 'No. Body', dataIndex: 'plate', sorter: true, sortOrder: 'descend' },
  { key: 'model', title: 'Model', dataIndex: 'model' },
  { key: 'project', title: 'Project', render: (_, r) => r.project.toUpperCase() },
  {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    render: (s: Unit['status']) => <Tag>{s === 'active' ? 'Aktif' : 'Scrap'}</Tag>,
  },
];

function renderList(over: Partial<Parameters<typeof ResponsiveTable<Unit>>[0]> = {}) {
  const open = vi.fn();
  const onChange = vi.fn();
  render(
    <ResponsiveTable<Unit>
      rowKey="id"
      aria-label="Daftar unit"
      columns={columns}
      dataSource={rows}
      onRow={openableRow(open)}
      onChange={onChange}
      pagination={{
        current: 1,
        pageSize: 2,
        total: 5,
        showTotal: (total, [from, to]) => `${from}-${to} dari ${total}`,
      }}
      card={{ title: 'plate', lines: ['model', 'project'], tags: ['status'] }}
      {...over}
    />,
  );
  return { open, onChange };
}

describe('ResponsiveTable', () => {
  it('shows a phone one card per row: title, label: value lines and tags; a tap opens the row', async () => {
    const { open } = renderList();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Daftar unit' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0].textContent).toBe('B 9946 TXBAktifModel: Hino 500Project: TAMBANG UTARA');
    expect(within(cards[1]).getByText('Scrap')).toBeTruthy();

    await userEvent.click(within(cards[1]).getByText('Volvo FMX'));
    expect(open).toHaveBeenCalledWith(rows[1]);
  });

  it("keeps a row's action (an untitled column) on its card; a tap on it does only the action", async () => {
    const fit = vi.fn();
    const withAction: TableColumnsType<Unit> = [
      ...columns,
      {
        key: 'fit',
        title: '',
        render: (_, r) => (
          <button type="button" onClick={() => fit(r.id)}>
            Pasang ban {r.plate}
          </button>
        ),
      },
    ];
    const { open } = renderList({ columns: withAction });
    const cards = within(screen.getByRole('list', { name: 'Daftar unit' })).getAllByRole('listitem');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Pasang ban KT 8123 AB' }));
    expect(fit).toHaveBeenCalledWith(2);
    expect(open).not.toHaveBeenCalled();
  });

  it('turns the page of a card list like the table does, keeping the sort', async () => {
    const { onChange } = renderList();
    expect(screen.getByText('1-2 dari 5')).toBeTruthy();
    await userEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ current: 2, pageSize: 2 }),
      {},
      expect.objectContaining({ columnKey: 'plate', order: 'descend' }),
      expect.objectContaining({ action: 'paginate' }),
    );
  });

  it("shows the list's empty or error text when there are no rows", () => {
    renderList({ dataSource: [], pagination: false, locale: { emptyText: 'Gagal memuat data' } });
    expect(screen.getByText('Gagal memuat data')).toBeTruthy();
  });

  it("ticks a card's checkbox without opening it", async () => {
    const onSelect = vi.fn();
    const { open } = renderList({
      rowSelection: {
        selectedRowKeys: [],
        onChange: onSelect,
        getCheckboxProps: (r) => ({ 'aria-label': `Pilih ${r.plate}` }) as object,
      },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pilih KT 8123 AB' }));
    expect(onSelect).toHaveBeenCalledWith([2], [rows[1]], { type: 'single' });
    expect(open).not.toHaveBeenCalled();
  });

  it('is cards up to 767px and a table with rows from 768px up', async () => {
    viewport.width = 767;
    renderList();
    expect(screen.getByRole('list', { name: 'Daftar unit' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    viewport.width = 768;
    const { open } = renderList();
    expect(screen.queryByRole('list', { name: 'Daftar unit' })).toBeNull();
    const row = screen.getByRole('row', { name: /B 9946 TXB/ });
    expect(within(row).getByText('Aktif')).toBeTruthy();
    await userEvent.click(within(row).getByText('Hino 500'));
    expect(open).toHaveBeenCalledWith(rows[0]);
  });
});
