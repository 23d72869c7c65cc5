import { Form } from 'antd';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import type { BulkFormProps } from '../../components/ResourceTable/listTypes';
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
