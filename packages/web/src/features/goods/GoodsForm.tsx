import { type Goods, goodsCreateSchema, goodsResource, labelOf, optionLabel, priceSchema } from '@gw/contracts';
import { Form, Input, Switch } from 'antd';
import { DecimalInput } from '../../components/DecimalInput';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { Upload, type UploadedFile } from '../../components/Upload';
import { zodRule } from '../../utils/form';
import { ENABLED_OPTIONS } from './goodsOptions';
import { M } from './messages';

const shape = goodsCreateSchema.shape;
const label = (field: string) => labelOf(goodsResource, field);

/** The stored image URL as the upload widget's one file, and back. */
const imageProps = (url: unknown) => ({ value: typeof url === 'string' && url ? [{ name: url.split('/').pop() ?? url, url }] : [] });
const imageUrlOf = (files: UploadedFile[] | undefined) => files?.[0]?.url ?? '';

/**
 * 设备类型: name, unique code, spec, price, image, description and state. The price is typed and sent as an exact
 * decimal string with two decimals. The stock figures are counted by the server, never typed.
 */
export function GoodsForm({ mode }: ResourceFormProps<Goods>) {
  const adding = mode === 'add';
  return (
    <>
      <Form.Item name="name" label={label('name')} validateFirst rules={[{ required: true, message: M.nameRequired }, zodRule(shape.name)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="code" label={label('code')} validateFirst rules={[{ required: true, message: M.codeRequired }, zodRule(shape.code)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="spec" label={label('spec')} rules={[zodRule(shape.spec)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="price"
        label={label('price')}
        initialValue={adding ? '0.00' : undefined}
        validateFirst
        rules={[{ required: true, message: M.priceRequired }, zodRule(priceSchema)]}
      >
        <DecimalInput scale={2} suffix={M.yuan} />
      </Form.Item>
      <Form.Item name="image" label={label('image')} getValueProps={imageProps} normalize={imageUrlOf}>
        <Upload accept="image/*" listType="picture-card" />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} valuePropName="checked" initialValue={adding ? true : undefined}>
        <Switch checkedChildren={optionLabel(ENABLED_OPTIONS, true)} unCheckedChildren={optionLabel(ENABLED_OPTIONS, false)} />
      </Form.Item>
    </>
  );
}
