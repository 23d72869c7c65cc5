import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeDictionary } from '../../utils/dictionary.fixture';
import { AreaPicker, areaValue } from '.';

beforeEach(storeDictionary);

describe('areaValue', () => {
  it('is the last id as a number', () => {
    expect(areaValue([19, 4401, 440106])).toBe(440106);
    expect(areaValue(['32'])).toBe(32);
  });
  it("is '' for an empty or negative selection", () => {
    expect(areaValue([])).toBe('');
    expect(areaValue(undefined)).toBe('');
    expect(areaValue([-1])).toBe('');
  });
});

describe('AreaPicker', () => {
  it('shows the placeholder 请选择区县 when nothing is stored', () => {
    render(<AreaPicker value={0} />);
    expect(screen.getByText('请选择区县')).toBeInTheDocument();
  });

  it('shows the full path for a stored id', () => {
    render(<AreaPicker value={440106} />);
    expect(screen.getByText('广东省 / 广州市 / 天河区')).toBeInTheDocument();
  });

  it('hands back the picked district id as a number', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<AreaPicker onChange={onChange} />);
    await user.click(container.querySelector('.ant-select')!);
    await user.click(await screen.findByText('广东省'));
    await user.click((await screen.findAllByText('广州市'))[0]);
    await user.click(await screen.findByText('天河区'));
    expect(onChange).toHaveBeenLastCalledWith(440106);
  });

  it("hands back '' when cleared", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<AreaPicker value={32} onChange={onChange} />);
    expect(screen.getByText('台湾省')).toBeInTheDocument();
    await user.hover(container.querySelector('.ant-select')!);
    await user.click(container.querySelector('.ant-select-clear')!);
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
