import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * A record's form dialog opens read-only; 'Ubah' turns the form on, so an accidental key cannot
 * change it. Back to read-only whenever the dialog closes.
 */
export function useEditMode(open: boolean): { editing: boolean; edit: () => void } {
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!open) setEditing(false);
  }, [open]);
  return { editing, edit: () => setEditing(true) };
}

/** The footer's main button: 'Ubah' while read-only, the form's save button once editing. */
export function EditOrSave({
  editing,
  onEdit,
  save,
}: {
  editing: boolean;
  onEdit: () => void;
  save: ReactNode;
}) {
  if (editing) return save;
  return (
    <Button type="primary" onClick={onEdit}>
      Ubah
    </Button>
  );
}
