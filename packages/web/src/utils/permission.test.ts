import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user';
import { userInfo } from '../test/mockApi';
import { useCan } from './permission';

describe('useCan', () => {
  it('answers by the role menus of the signed-in user, bit by bit', () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: '/system/config', action: 1 | 4 }] }) });
    const { result } = renderHook(() => useCan());
    expect(result.current('/system/config', 'query')).toBe(true);
    expect(result.current('/system/config', 'edit')).toBe(true);
    expect(result.current('/system/config', 'delete')).toBe(false);
    expect(result.current('/system/log', 'query')).toBe(false);
  });

  it('lets the super user do everything, and nobody do anything before user info is loaded', () => {
    useUserStore.setState({ info: null });
    const { result } = renderHook(() => useCan());
    expect(result.current('/system/config', 'query')).toBe(false);
    act(() => useUserStore.setState({ info: userInfo({ super_user: true }) }));
    expect(result.current('/system/config', 'export')).toBe(true);
  });
});
