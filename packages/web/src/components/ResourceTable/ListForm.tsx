import { useResourceListContext } from './context';
import { FormPanel } from './FormPanel';

interface Props<T> {
  /**
   * Runs after a save with the record as the server answered it, e.g. to show once what only a create's answer
   * carries (a device's secret).
   */
  onSaved?: (record: T, mode: 'add' | 'edit') => void;
}

/** The add/edit form of the list around it (in a modal or a drawer), drawing the page's form component; nothing without one. */
export function ListForm<T extends object>({ onSaved }: Props<T> = {}) {
  const list = useResourceListContext<T>();
  const { editor, form: Fields } = list;
  if (!Fields) return null;
  const submit = async (values: Record<string, unknown>) => {
    const saved = await editor.submit(values);
    onSaved?.(saved, editor.mode);
  };
  return (
    <FormPanel
      key={editor.session}
      mode={list.formMode}
      title={editor.mode === 'edit' ? list.dialogTitles.edit : list.dialogTitles.add}
      open={editor.open}
      onClose={editor.close}
      onSubmit={submit}
      submitting={list.saving}
      initialValues={editor.initialValues}
      width={list.formWidth}
    >
      {(form) => <Fields mode={editor.mode} record={editor.record} form={form} />}
    </FormPanel>
  );
}
