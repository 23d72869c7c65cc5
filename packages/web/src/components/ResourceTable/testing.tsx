import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { type Mock, expect } from 'vitest';
import { API_BASE } from '../../settings';

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** What a list page has around it in the console: antd in Chinese, a query cache and a router at `url`. */
export function Shell({ url, children }: { url: string; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  return (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export function renderInShell(ui: ReactNode, url = '/system/config') {
  return render(<Shell url={url}>{ui}</Shell>);
}

/** The query of the page's URL now. */
export const urlQuery = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

/** The query parameters of the latest GET of `path` through a mockApi fetch stub. */
export function lastGet(fetchMock: Mock, path: string): URLSearchParams | undefined {
  const urls = fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: (init as RequestInit | undefined)?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === `${API_BASE}${path}`);
  return urls.at(-1)?.url.searchParams;
}

/** A config-like row set of `count` rows, as GET P answers it. */
export function listBody(count = 45, limit = 20) {
  const rows = Array.from({ length: Math.min(count, limit) }, (_, i) => ({ id: i + 1, key: `key_${i + 1}`, value: `值${i + 1}`, description: `描述${i + 1}` }));
  return { code: 200, message: '', data: rows, count, start: 0, limit, next: null, previous: null };
}

/** Waits until the table has stopped loading (while it loads, antd blurs it and it takes no clicks). */
export const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

/** A row's action, among its buttons or under its 更多: the button, or null once 更多 has been opened without it. */
async function rowActionButton(user: UserEvent, row: HTMLElement, name: string | RegExp): Promise<HTMLElement | null> {
  const direct = within(row)
    .queryAllByText(name)
    .map((element) => element.closest('button'))
    .find(Boolean);
  if (direct) return direct;
  const more = within(row).queryByText('更多')?.closest('button');
  if (!more) return null;
  await user.click(more);
  const items = await screen.findAllByRole('menuitem');
  return items.find((item) => (typeof name === 'string' ? item.textContent === name : name.test(item.textContent ?? ''))) ?? null;
}

/** Clicks a row's action, as a user finds it: a button in the row, or an item under the row's 更多. */
export async function clickRowAction(user: UserEvent, row: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  const target = await rowActionButton(user, row, name);
  if (!target) throw new Error(`row action ${String(name)} not found in the row nor under its 更多`);
  await user.click(target);
  return target;
}

/** Whether a row offers the action at all, as a button or under its 更多 (which it opens and leaves open). */
export const offersRowAction = async (user: UserEvent, row: HTMLElement, name: string | RegExp) => !!(await rowActionButton(user, row, name));
