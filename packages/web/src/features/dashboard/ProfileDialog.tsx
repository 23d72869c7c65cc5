import { Form, Input } from 'antd';
import { userInfoUpdateSchema } from '@gw/contracts';
import { FormDialog } from '../../components/FormDialog';
import { useUserStore } from '../../stores/user';
import { AvatarUpload } from './AvatarUpload';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { useUpdateUserInfo } from './api';
import { M } from './messages';
import { WechatBinding } from './WechatBinding';

interface Values {
  name: string;
  email: string;
  phone: string;
  avatar: string;
  old_password?: string;
  password?: string;
  confirm?: string;
}

const shape = userInfoUpdateSchema.shape;

/** 编辑个人信息: profile fields, the WeChat binding, and an optional password change (the old password is required for it). */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const info = useUserStore((s) => s.info);
  const update = useUpdateUserInfo();

  const save = async ({ confirm: _confirm, old_password, password, ...profile }: Values) => {
    await update.mutateAsync(password ? { ...profile, old_password, password } : profile);
    toast.success(M.saved);
  };

  return (
    <FormDialog<Values>
      title={M.editProfile}
      open={open}
      onClose={onClose}
      onSubmit={save}
      submitting={update.isPending}
      initialValues={{ name: info?.name, email: info?.email, phone: info?.phone, avatar: info?.avatar }}
    >
      <Form.Item label={M.fields.username}>
        <Input value={info?.username} disabled />
      </Form.Item>
      <Form.Item name="avatar" label={M.fields.avatar}>
        <AvatarUpload />
      </Form.Item>
      <Form.Item name="name" label={M.fields.name} rules={[{ required: true, message: M.required(M.fields.name) }, zodRule(shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="email" label={M.fields.email} rules={[zodRule(shape.email)]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="phone" label={M.fields.phone} rules={[zodRule(shape.phone)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item label={M.wechat.label}>
        <WechatBinding />
      </Form.Item>
      <Form.Item
        name="old_password"
        label={M.fields.oldPassword}
        extra={M.passwordHint}
        dependencies={['password']}
        rules={[({ getFieldValue }) => ({ required: !!getFieldValue('password'), message: M.required(M.fields.oldPassword) })]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={M.fields.password} rules={[zodRule(shape.password)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={M.fields.confirmPassword}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if ((getFieldValue('password') ?? '') !== (value ?? '')) throw new Error(M.passwordMismatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
