import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, InputNumber } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LineItems } from './LineItems';


/** An order form: the lines and a submit button handing the values to `onFinish`. */
function OrderForm({ onFinish, lines, startWith }: { onFinish: (values: unknown) => void; lines?: object[]; startWith?: object[] }) {
  return (
    <Form onFinish={onFinish} initialValues={lines ? { lines } : undefined}>
      <LineItems
        name="lines"
        min={1}
        initialValue={startWith}
        newLine={() => ({ quantity: 1 })}
        columns={[
          { name: 'goods', title: '设备类型', rules: [{ required: true, message: '请输入设备类型' }] },
          { name: 'quantity', title: '数量', input: <InputNumber min={1} /> },
        ]}
      />
      <Button htmlType="submit">保存订单</Button>
    </Form>
  );
}

describe('LineItems', () => {
  it('adds lines with their starting values, edits each cell and removes a line, and the form carries the lines', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<OrderForm onFinish={onFinish} />);
    expect(screen.getByText('暂无明细')).toBeInTheDocument();
    await user.click(screen.getByText('添加一行'));
    await user.click(screen.getByText('添加一行'));
    expect(screen.getByLabelText('数量 2')).toHaveValue('1');
    await user.type(screen.getByLabelText('设备类型 1'), '网关A');
    await user.type(screen.getByLabelText('设备类型 2'), '网关B');
    await user.clear(screen.getByLabelText('数量 2'));
    await user.type(screen.getByLabelText('数量 2'), '5');
    await user.click(screen.getByLabelText('删除第 1 行'));
    expect(screen.queryByLabelText('设备类型 2')).toBeNull();
    await user.click(screen.getByText('保存订单'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ lines: [{ goods: '网关B', quantity: 5 }] }));
  });

  it('starts a new form with the given lines', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<OrderForm onFinish={onFinish} startWith={[{ goods: '网关A', quantity: 3 }]} />);
    expect(screen.getByLabelText('设备类型 1')).toHaveValue('网关A');
    await user.click(screen.getByText('保存订单'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ lines: [{ goods: '网关A', quantity: 3 }] }));
  });

  it('checks each cell and the number of lines before the form goes', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<OrderForm onFinish={onFinish} lines={[{ goods: '', quantity: 2 }]} />);
    await user.click(screen.getByText('保存订单'));
    expect(await screen.findByText('请输入设备类型')).toBeInTheDocument();
    await user.click(screen.getByLabelText('删除第 1 行'));
    await user.click(screen.getByText('保存订单'));
    expect(await screen.findByText('至少需要 1 行明细')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
