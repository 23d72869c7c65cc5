import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

  it('Eager shows its own placeholder, not the boundary\'s, then the component; a failed load reaches the error boundary', async () => {
    let arrive!: (module: { default: typeof Hello }) => void;
    const chart = preloadable(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>页面加载中</p>}>
        <chart.Eager name="丙" fallback={<p>图表加载中</p>} />
      </Suspense>,
    );
    expect(screen.getByText('图表加载中')).toBeInTheDocument();
    expect(screen.queryByText('页面加载中')).toBeNull();
    arrive({ default: Hello });
    expect(await screen.findByText('你好 丙')).toBeInTheDocument();

    const broken = preloadable<{ name: string }>(() => Promise.reject(new Error('chunk failed')));
    class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
      state: { error?: Error } = {};
      static getDerivedStateFromError = (error: Error) => ({ error });
      render = () => (this.state.error ? <p>出错了: {this.state.error.message}</p> : this.props.children);
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <broken.Eager name="丁" fallback={<p>加载中</p>} />
      </Boundary>,
    );
    expect(await screen.findByText('出错了: chunk failed')).toBeInTheDocument();
  });
});
