import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('console placeholder', () => {
  it('names the product and links the API docs', () => {
    render(<App />);
    expect(screen.getByRole('heading').textContent).toBe('智能网关管理系统');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/custom/api/docs');
  });
});
