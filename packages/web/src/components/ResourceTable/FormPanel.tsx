import { Button, Drawer, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from '../FormDialog';
import { RT } from './messages';

interface Props {
  mode: 'modal' | 'drawer';
  title: string;
  open: boolean;
  onClose: () => void;
  /** Resolve to close (with whatever was saved); reject to stay open (the request client has toasted). */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  submitting: boolean;
  initialValues?: object;
  width?: number;
  children: (form: FormInstance) => ReactNode;
}

/** The add/edit form in a modal (FormDialog) or a drawer; both validate, submit, and close on success. */
export function FormPanel(props: Props) {
  if (props.mode === 'modal') {
    const { title, open, onClose, onSubmit, submitting, initialValues, width, children } = props;
    const submit = async (values: Record<string, unknown>) => void (await onSubmit(values));
    return <FormDialog<Record<string, unknown>> {...{ title, open, onClose, submitting, width, children }} onSubmit={submit} initialValues={initialValues} />;
  }
  return <FormDrawer {...props} />;
}

function FormDrawer({ title, open, onClose, onSubmit, submitting, initialValues, width, children }: Props) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const submit = async () => {
    await onSubmit(await form.validateFields());
    onClose();
  };
  const footer = (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>{RT.cancel}</Button>
      <Button type="primary" loading={submitting} onClick={() => void submit().catch(() => undefined)}>
        {RT.ok}
      </Button>
    </Flex>
  );
  return (
    <Drawer title={title} open={open} onClose={onClose} size={width ?? 560} destroyOnHidden forceRender footer={footer}>
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children(form)}
      </Form>
    </Drawer>
  );
}
