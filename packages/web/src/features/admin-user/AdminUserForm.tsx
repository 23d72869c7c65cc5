import { ENABLED_OPTIONS, type AdminUser, adminUserCreateSchema, adminUserResource, adminUserUpdateSchema, labelOf, optionLabel, usernameSchema } from '@gw/contracts';
import { Form, Input, Select, Switch } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../utils/form';
import { COMPANIES_URL, COMPANY_LIMIT, type RoleChoice, useRoleOptions } from './api';
import { M } from './messages';

const NO_ROLES: AdminUser['roles'] = [];
const shape = adminUserCreateSchema.shape;
/** A field's label, as the descriptor names it everywhere (list, form, sheet). */
const label = (field: string) => labelOf(adminUserResource, field);

/** Record → form values: role ids; the password is never there. */
export const adminUserValues = (user: AdminUser) => ({
  username: user.username,
  name: user.name,
  customer_id: user.customer_id ?? undefined,
  phone: user.phone,
  email: user.email,
  roles: user.roles.map((role) => role.id),
  enabled: user.enabled,
});

/** Form values → body: a cleared company is null; the password only when one was typed. */
export function adminUserBody(values: Record<string, unknown>) {
  const { password, customer_id, ...rest } = values;
  return { ...rest, customer_id: customer_id ?? null, roles: rest.roles ?? [], ...(typeof password === 'string' && password ? { password } : {}) };
}

/**
 * The roles offered to a user of the chosen company: those the server accepts, and of the others only the ones
 * already chosen (drawn disabled, so the field can name them and say why they cannot stay).
 */
export function offeredRoles(roles: readonly RoleChoice[], chosen: readonly number[] = []) {
  return roles
    .filter((role) => !role.refusal || chosen.includes(role.value))
    .map(({ value, label, refusal }) => ({ value, label, disabled: !!refusal, title: refusal ?? undefined }));
}

/** Refuses a chosen role a user of the chosen company may not hold, with the server's own reason. */
const rolesAllowed = (roles: readonly RoleChoice[]): RuleObject => ({
  validator: async (_, chosen: number[] | undefined) => {
    const refused = roles.find((role) => role.refusal && chosen?.includes(role.value));
    if (refused?.refusal) throw new Error(refused.refusal);
  },
});

/**
 * A user's account, company, contact, roles and state; a password to set on add, to reset (or leave) on edit.
 * The roles follow the company: a customer company's user is offered only customers' roles.
 */
export function AdminUserForm({ mode, record, form }: ResourceFormProps<AdminUser>) {
  const companyId = Form.useWatch<number | undefined>('customer_id', form);
  const chosen = Form.useWatch<number[] | undefined>('roles', form);
  const roles = useRoleOptions(record?.roles ?? NO_ROLES, companyId);
  const adding = mode === 'add';
  // the current company shows by name even before the options have loaded (or when it is not among the first page)
  const companyLabel = ({ value, label }: { value: unknown; label?: unknown }) =>
    (label as string | undefined) ?? (value === record?.customer_id && record?.company_name ? record.company_name : String(value));
  return (
    <>
      <Form.Item name="username" label={label('username')} validateFirst rules={[{ required: true, message: M.usernameRequired }, zodRule(usernameSchema)]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="customer_id" label={label('customer_id')}>
        <RemoteSelect url={COMPANIES_URL} labelField="company_name" limit={COMPANY_LIMIT} labelRender={companyLabel} placeholder={label('customer_id')} />
      </Form.Item>
      <Form.Item name="phone" label={label('phone')} rules={[zodRule(shape.phone)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="email" label={label('email')} rules={[zodRule(shape.email)]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="roles" label={label('roles')} dependencies={['customer_id']} rules={[rolesAllowed(roles)]}>
        <Select mode="multiple" allowClear options={offeredRoles(roles, chosen)} optionFilterProp="label" placeholder={label('roles')} />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} valuePropName="checked" initialValue={adding ? true : undefined}>
        <Switch checkedChildren={optionLabel(ENABLED_OPTIONS, true)} unCheckedChildren={optionLabel(ENABLED_OPTIONS, false)} />
      </Form.Item>
      <Form.Item
        name="password"
        label={label('password')}
        extra={adding ? undefined : M.passwordKeep}
        // an emptied box means "keep the password", not "set it to ''"
        normalize={(value: string) => value || undefined}
        validateFirst
        rules={adding ? [{ required: true, message: M.passwordRequired }, zodRule(shape.password)] : [zodRule(adminUserUpdateSchema.shape.password)]}
      >
        <Input.Password autoComplete="new-password" placeholder={adding ? undefined : M.passwordKeep} />
      </Form.Item>
    </>
  );
}
