import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { renderInShell } from '../../components/ResourceTable/testing';
import { twoChars } from '../../test/ui';
import DevicePage from './DevicePage';
import { P } from '../../test/boxes';

/** Opens 设备详情 of GW-001 (一号网关) on the device page and returns the drawer. */
export async function openDetail(user: ReturnType<typeof userEvent.setup>) {
  renderInShell(<DevicePage />, P);
  await screen.findByText('一号网关');
  await user.click(within(screen.getByText('一号网关').closest('tr')!).getByText(twoChars('详情')));
  return within((await screen.findByText('设备详情: GW-001')).closest<HTMLElement>('.ant-drawer')!);
}

