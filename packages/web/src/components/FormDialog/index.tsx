import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect } from 'react';

interface FormDialogProps<T> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Receives the validated values; resolve to close, reject to stay open (the request client has toasted). */
  onSubmit: (values: T) => Promise<void>;
  submitting?: boolean;
  initialValues?: Partial<T>;
  width?: number;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
}

/**
 * A modal form: validates, submits, closes on success and stays open on failure; the form is rebuilt from
 * `initialValues` each time it opens.
 * @example <FormDialog title="编辑" open={open} onClose={close} onSubmit={save}><Form.Item name="name">…</Form.Item></FormDialog>
 */
export function FormDialog<T extends object>({ title, open, onClose, onSubmit, submitting, initialValues, width, children }: FormDialogProps<T>) {
  const [form] = Form.useForm<T>();
  // the form store outlives the dialog: start each opening from the current initial values
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = async () => {
    await onSubmit(await form.validateFields());
    onClose();
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={submitting}
      width={width}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}

export default FormDialog;
