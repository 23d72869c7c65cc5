import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { Permission, usePermission } from '.';

afterEach(() => useUserStore.setState({ roles: [] }));

describe('Permission', () => {
  it('shows its children to a user holding one of the roles', () => {
    useUserStore.setState({ roles: ['editor', 'manager'] });
    render(<Permission roles={['admin', 'manager']}>删除</Permission>);
    expect(screen.getByText('删除')).toBeInTheDocument();
  });

  it('renders nothing for a user without any of them', () => {
    useUserStore.setState({ roles: ['editor'] });
    const { container } = render(<Permission roles={['admin']}>删除</Permission>);
    expect(container).toBeEmptyDOMElement();
  });

  it('follows role changes', () => {
    useUserStore.setState({ roles: [] });
    const { rerender } = render(<Permission roles={['admin']}>删除</Permission>);
    expect(screen.queryByText('删除')).toBeNull();
    useUserStore.setState({ roles: ['admin'] });
    rerender(<Permission roles={['admin']}>删除</Permission>);
    expect(screen.getByText('删除')).toBeInTheDocument();
  });
});

describe('usePermission', () => {
  it('answers whether the user may', () => {
    useUserStore.setState({ roles: ['admin'] });
    expect(renderHook(() => usePermission(['admin'])).result.current).toBe(true);
    expect(renderHook(() => usePermission(['manager'])).result.current).toBe(false);
  });

  it('throws the exact message without a non-empty role array', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = `need roles! Like v-permission="['admin','editor']"`;
    expect(() => renderHook(() => usePermission([]))).toThrow(message);
    expect(() => renderHook(() => usePermission('admin' as unknown as string[]))).toThrow(message);
    vi.restoreAllMocks();
  });
});
