import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Hello = ({ name }: { name: string }) => <p>你好 {name}</p>;

describe('preloadable', () => {
  it('shows the fallback while the code loads, then the component', async () => {
    const page = preloadable(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>加载中</p>}>
        <page.Component name="甲" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(await screen.findByText('你好 甲')).toBeInTheDocument();
  });

  it('renders at once, without a fallback, when its code was preloaded', async () => {
    let loads = 0;
    const page = preloadable(() => {
      loads += 1;
      return Promise.resolve({ default: Hello });
    });
    await page.preload();
    await page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <page.Component name="乙" />
      </Suspense>,
    );
    expect(screen.getByText('你好 乙')).toBeInTheDocument();
    expect(screen.queryByText('加载中')).toBeNull();
    expect(loads).toBe(1);
  });
});
