import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Table } from 'antd';
import type { Rule } from 'antd/es/form';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { type ReactElement, type ReactNode, cloneElement, isValidElement } from 'react';
import { RT } from './messages';

/** One column of a line-item table: a field of each line and the input that edits it. */
export interface LineColumn {
  /** The field within a line, e.g. 'quantity'. */
  name: string;
  title: string;
  width?: number;
  rules?: Rule[];
  /** The input (default a text box), or one per line by its index. */
  input?: ReactNode | ((index: number) => ReactNode);
  /** 'checked' for a Switch or Checkbox. */
  valuePropName?: string;
}

interface Props {
  /** The form field holding the lines, e.g. 'lines'. */
  name: string;
  columns: LineColumn[];
  /** The values a new line starts with. */
  newLine?: () => object;
  /** The lines a new form starts with (a form's own initial values win). */
  initialValue?: object[];
  /** Fewer lines than this are refused when the form is checked. */
  min?: number;
  disabled?: boolean;
}

/** The input of a cell, named for a screen reader after its column and line (数量 2). */
function cellInput(column: LineColumn, index: number) {
  const input = typeof column.input === 'function' ? column.input(index) : (column.input ?? <Input />);
  return isValidElement(input) ? cloneElement(input as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': `${column.title} ${index + 1}` }) : input;
}

/**
 * A master–detail form's lines (an order and its goods): an editable table over `Form.List` with a row per line,
 * an input per cell, 删除 per line and 添加一行 below. The form's values carry `[name]: [{...line}, …]`.
 *
 * @example <LineItems name="lines" newLine={() => ({ quantity: 1 })} columns={[
 *   { name: 'goods_id', title: '设备类型', rules: [{ required: true }], input: <RemoteSelect url={GOODS_PATH} /> },
 *   { name: 'quantity', title: '数量', input: <InputNumber min={1} /> },
 * ]} />
 */
export function LineItems({ name, columns, newLine = () => ({}), initialValue, min, disabled }: Props) {
  const rules = min ? [{ validator: async (_: unknown, lines?: unknown[]) => ((lines?.length ?? 0) < min ? Promise.reject(new Error(RT.minLines(min))) : undefined) }] : undefined;
  return (
    <Form.List name={name} rules={rules} initialValue={initialValue}>
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table<FormListFieldData>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: RT.noLines }}
            columns={[
              ...columns.map((column) => ({
                key: column.name,
                title: column.title,
                width: column.width,
                // preserve: a form with preserve={false} drops a field's value when the field unmounts, and React's
                // StrictMode unmounts every new cell once in development, which took a new line's starting values
                render: (_: unknown, field: FormListFieldData, index: number) => (
                  <Form.Item name={[field.name, column.name]} rules={column.rules} valuePropName={column.valuePropName} preserve style={{ margin: 0 }}>
                    {cellInput(column, index)}
                  </Form.Item>
                ),
              })),
              {
                key: '__remove',
                width: 64,
                render: (_: unknown, field: FormListFieldData, index: number) => (
                  <Button type="link" size="small" danger disabled={disabled} aria-label={RT.removeLine(index + 1)} onClick={() => remove(field.name)}>
                    {RT.delete}
                  </Button>
                ),
              },
            ]}
          />
          <Button type="dashed" block icon={<PlusOutlined />} disabled={disabled} onClick={() => add(newLine())} style={{ marginTop: 8 }}>
            {RT.addLine}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
