import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '../../stores/settings';
import { renderInConsole, resetConsole } from '../testing';
import { SettingsDrawer } from './SettingsDrawer';

async function openDrawer() {
  renderInConsole(<SettingsDrawer />);
  await userEvent.click(screen.getByRole('button', { name: '打开布局配置' }));
  return screen.findByRole('dialog');
}

describe('settings drawer', () => {
  beforeEach(() => resetConsole());

  it('opens from its handle with the four switches, all on by default', async () => {
    const drawer = await openDrawer();
    expect(within(drawer).getByText('系统布局配置')).toBeInTheDocument();
    for (const name of ['开启 Tags-View', '固定 Header', '侧边栏 Logo', '侧边栏文字主题色']) {
      expect(within(drawer).getByRole('switch', { name })).toBeChecked();
    }
  });

  it('remembers a change across a new load of the settings', async () => {
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('switch', { name: '开启 Tags-View' }));
    await userEvent.click(within(drawer).getByRole('switch', { name: '固定 Header' }));
    expect(useSettingsStore.getState().tagsView).toBe(false);

    vi.resetModules();
    const { useSettingsStore: reloaded } = await import('../../stores/settings');
    expect(reloaded.getState()).toMatchObject({ tagsView: false, fixedHeader: false, sidebarLogo: true, sidebarTextTheme: true });
  });

  it('sets the theme colour from the presets, #409EFF and #1890ff among them', async () => {
    const drawer = await openDrawer();
    await userEvent.click(drawer.querySelector('.ant-color-picker-trigger')!);
    const preset = (colour: string) => 
      document.querySelector(`.ant-color-picker-presets-color > [style*="${colour}"]`)?.parentElement;
    expect(preset('rgb(64, 158, 255)')).not.toBeNull();
    expect(preset('rgb(24, 144, 255)')).not.toBeNull();
    await userEvent.click(preset('rgb(24, 144, 255)')!);
    expect(useSettingsStore.getState().theme).toBe('#1890ff');
  });
});
