import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '../../stores/settings';
import { renderInConsole, resetConsole } from '../testing';
import { SettingsButton, SettingsDrawer } from './SettingsDrawer';

async function openDrawer() {
  renderInConsole(
    <>
      <SettingsButton />
      <SettingsDrawer />
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: '打开布局配置' }));
  return screen.findByRole('dialog');
}

const SWITCHES = ['显示标签栏', '固定顶栏', '显示侧边栏标志', '侧边栏文字主题色'];

describe('settings drawer', () => {
  beforeEach(() => resetConsole());

  it('opens from the gear with the four switches in Chinese, all on by default', async () => {
    const drawer = await openDrawer();
    expect(within(drawer).getByText('系统布局配置')).toBeInTheDocument();
    for (const name of SWITCHES) expect(within(drawer).getByRole('switch', { name })).toBeChecked();
    expect(drawer.textContent).not.toMatch(/Tags-View|Header|Logo/);
  });

  it('remembers a change across a new load of the settings', async () => {
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('switch', { name: '显示标签栏' }));
    await userEvent.click(within(drawer).getByRole('switch', { name: '固定顶栏' }));
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

  it('says which theme colours carry white text, and the shade text takes on the others', async () => {
    const drawer = await openDrawer();
    const swatches = within(within(drawer).getByRole('list', { name: '白字对比度' })).getAllByRole('button');
    const swatch = (colour: string) => swatches.find((s) => s.getAttribute('aria-label')?.startsWith(colour))!;
    // the default #409EFF: 2.8:1, so text is written in a darker shade of it
    expect(swatch('#409EFF')).toHaveAccessibleName('#409EFF 白字对比度 2.8:1,文字处自动加深');
    expect(swatch('#409EFF')).toHaveAttribute('aria-pressed', 'true');
    expect(swatch('#304156')).toHaveAccessibleName('#304156 白字对比度 10.4:1,可直接承载白字');
    expect(drawer).toHaveTextContent('当前主题色 2.8:1,文字用 #2d70b5');

    await userEvent.click(swatch('#304156'));
    expect(useSettingsStore.getState().theme).toBe('#304156');
    expect(drawer).toHaveTextContent('当前主题色 10.4:1');
    expect(drawer).not.toHaveTextContent('文字用');
  });
});
