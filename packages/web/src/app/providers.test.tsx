import { act, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import { toast } from '../utils/notify';
import { Providers, sizeConfig } from './providers';

describe('providers', () => {
  it('shows toasts raised outside React inside the themed app', async () => {
    render(<Providers>page</Providers>);
    act(() => toast.error('参数错误'));
    expect(await screen.findByText('参数错误')).toBeInTheDocument();
  });

  it('sizes antd controls by the global size', () => {
    useAppStore.getState().setSize('small');
    render(
      <Providers>
        <Button>保存</Button>
      </Providers>,
    );
    expect(screen.getByRole('button')).toHaveClass('ant-btn-sm');
    act(() => useAppStore.getState().setSize('default'));
    expect(screen.getByRole('button')).not.toHaveClass('ant-btn-sm');
  });

  it('gives each of the four sizes its own look, smaller step by step', () => {
    const looks = (['default', 'medium', 'small', 'mini'] as const).map((size) => sizeConfig(size));
    expect(looks).toEqual([
      { componentSize: 'medium', compact: false },
      { componentSize: 'medium', compact: true },
      { componentSize: 'small', compact: false },
      { componentSize: 'small', compact: true },
    ]);
  });
});
