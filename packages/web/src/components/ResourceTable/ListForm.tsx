import { useResourceListContext } from './context';
import { FormPanel } from './FormPanel';
import { RT } from './messages';

/** The add/edit form of the list around it (in a modal or a drawer), drawing the page's form component; nothing without one. */
export function ListForm<T extends object>() {
  const list = useResourceListContext<T>();
  const { editor, form: Fields } = list;
  if (!Fields) return null;
  return (
    <FormPanel
      key={editor.session}
      mode={list.formMode}
      title={editor.mode === 'edit' ? RT.editTitle(list.title) : RT.addTitle(list.title)}
      open={editor.open}
      onClose={editor.close}
      onSubmit={editor.submit}
      submitting={list.saving}
      initialValues={editor.initialValues}
      width={list.formWidth}
    >
      {(form) => <Fields mode={editor.mode} record={editor.record} form={form} />}
    </FormPanel>
  );
}
