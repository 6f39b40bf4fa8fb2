import { Button } from 'antd';
import { Fragment, type ReactNode, useEffect, useState } from 'react';

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

/**
 * The footer's main button: 'Ubah' while read-only, the form's save button once editing. Keyed apart
 * so that React does not turn the clicked 'Ubah' into the submit button within the same click
 * (which would submit the form at once).
 */
export function EditOrSave({
  editing,
  onEdit,
  save,
}: {
  editing: boolean;
  onEdit: () => void;
  save: ReactNode;
}) {
  if (editing) return <Fragment key="save">{save}</Fragment>;
  return (
    <Button key="edit" type="primary" onClick={onEdit}>
      Ubah
    </Button>
  );
}
