import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RemoteOption, RemoteSelect } from '.';

const GOODS = [
  { id: 3, name: '4G 网关', price: '1280.10' },
  { id: 4, name: '边缘网关', price: '990.00' },
];

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 200, message: '', data: GOODS, count: GOODS.length }), { headers: { 'content-type': 'application/json' } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('RemoteSelect options', () => {
  it('hands the picked item to onChange with its option, so a form can fill in more of it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<RemoteSelect url="/manager/goods" onChange={onChange} aria-label="设备类型" />);
    await user.click(screen.getByLabelText('设备类型'));
    await user.click(await screen.findByText('4G 网关', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [value, option] = onChange.mock.calls[0] as [number, RemoteOption];
    expect(value).toBe(3);
    expect(option.item).toEqual(GOODS[0]);
  });
});
