import { deviceMoveSchema, deviceResource, labelOf } from '@gw/contracts';
import { Form, Input } from 'antd';
import { useId } from 'react';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import type { BulkFormProps } from '../../components/ResourceTable/listTypes';
import { zodRule } from '../../utils/form';
import { M } from './messages';
import { TagSelect } from './TagSelect';

/** 分配客户: the company the selected boxes go to, from the caller's company tree. */
export function AssignForm(_props: BulkFormProps) {
  return (
    <Form.Item name="customer_id" label={M.customer} rules={[{ required: true, message: M.selectCustomer }]}>
      <CompanyTreeSelect placeholder={M.selectCustomer} />
    </Form.Item>
  );
}

/** 打标签 / 移除标签: the tags to put on or take off the selected boxes. */
function tagForm(mode: 'add' | 'remove') {
  return function TagForm(_props: BulkFormProps) {
    return (
      <>
        <Form.Item name="tag_ids" label={M.tags} rules={[{ required: true, message: M.selectTags }]}>
          <TagSelect placeholder={M.selectTags} />
        </Form.Item>
        <Form.Item name="mode" hidden initialValue={mode}>
          <input type="hidden" />
        </Form.Item>
      </>
    );
  };
}

export const AddTagsForm = tagForm('add');
export const RemoveTagsForm = tagForm('remove');

/** 退货, 维修, 维修完成 and 报废: the remark the selected boxes' ledger rows carry. */
export function MoveForm(_props: BulkFormProps) {
  // an id of its own: the four movements' dialogs and the box form, all drawn on the page, each hold a remark
  const id = useId();
  return (
    <Form.Item name="remark" label={labelOf(deviceResource, 'remark')} htmlFor={id} initialValue="" rules={[zodRule(deviceMoveSchema.shape.remark)]}>
      <Input.TextArea id={id} rows={3} maxLength={200} />
    </Form.Item>
  );
}
