import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EditOrSave, useEditMode } from './edit-mode';

function Harness({ onFinish }: { onFinish: () => void }) {
  const { editing, edit } = useEditMode(true);
  return (
    <>
      <Form id="f" disabled={!editing} onFinish={onFinish}>
        <Form.Item name="name" label="Nama">
          <Input />
        </Form.Item>
      </Form>
      <EditOrSave
        editing={editing}
        onEdit={edit}
        save={
          <Button htmlType="submit" form="f">
            Update
          </Button>
        }
      />
    </>
  );
}

describe('EditOrSave', () => {
  it("opens read-only; 'Ubah' turns the form on without submitting it", async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    render(<Harness onFinish={onFinish} />);
    expect((screen.getByLabelText('Nama') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ubah' }));
    expect((screen.getByLabelText('Nama') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(onFinish).not.toHaveBeenCalled();
  });
});
