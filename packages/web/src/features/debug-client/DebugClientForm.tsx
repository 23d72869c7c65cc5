import { type DebugClient, debugClientCreateSchema, debugClientResource, labelOf } from '@gw/contracts';
import { Form, Input } from 'antd';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { M } from './messages';

const shape = debugClientCreateSchema.shape;
const label = (field: string) => labelOf(debugClientResource, field);

/**
 * 新增 and 编辑 of a client: its name and where it is; a new one also its own public key, or none for a key pair
 * the platform makes (a key never changes: a client with another key is a new client).
 */
export function DebugClientForm({ mode }: ResourceFormProps<DebugClient>) {
  return (
    <>
      <Form.Item name="name" label={label('name')} validateFirst rules={[{ required: true, whitespace: true, message: M.nameRequired }, zodRule(shape.name)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="location" label={label('location')} rules={[zodRule(shape.location)]}>
        <Input maxLength={64} placeholder={M.locationPlaceholder} />
      </Form.Item>
      {mode === 'add' && (
        <Form.Item name="public_key" label={label('public_key')} extra={M.publicKeyHint} rules={[zodRule(shape.public_key)]}>
          <Input maxLength={64} placeholder={M.publicKeyPlaceholder} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
    </>
  );
}

/** Form values → body: an empty key is left out (the platform makes the pair). */
export function debugClientBody(values: Record<string, unknown>) {
  const { public_key, ...rest } = values;
  return typeof public_key === 'string' && public_key.trim() ? { ...rest, public_key: public_key.trim() } : rest;
}
