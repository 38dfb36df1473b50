import { Button } from '@blueprintjs/core';
import { RouterAnchorButton } from '../routing/RouterLinks';

/** Under a form: Cancel (back to the list) and Save. */
export function FormActions({
  listPath,
  cancelText,
  saveText,
  saving,
}: {
  listPath: string;
  cancelText: string;
  saveText: string;
  saving: boolean;
}) {
  return (
    <div className="page-actions">
      <RouterAnchorButton to={listPath} variant="outlined">
        {cancelText}
      </RouterAnchorButton>
      <Button type="submit" intent="primary" icon="floppy-disk" loading={saving}>
        {saveText}
      </Button>
    </div>
  );
}
