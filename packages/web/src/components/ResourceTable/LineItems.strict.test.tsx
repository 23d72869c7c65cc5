import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, InputNumber } from 'antd';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LineItems } from './LineItems';


describe('LineItems in a form that drops unmounted fields', () => {
  it('keeps a new line’s starting values under StrictMode, as the console runs in development', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <StrictMode>
        {/* the add/edit drawer's form: preserve={false} */}
        <Form onFinish={onFinish} preserve={false}>
          <LineItems name="lines" newLine={() => ({ quantity: 1 })} columns={[{ name: 'quantity', title: '数量', input: <InputNumber min={1} /> }]} />
          <Button htmlType="submit">保存订单</Button>
        </Form>
      </StrictMode>,
    );
    await user.click(screen.getByText('添加一行'));
    expect(screen.getByLabelText('数量 1')).toHaveValue('1');
    await user.click(screen.getByText('保存订单'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ lines: [{ quantity: 1 }] }));
  });
});
