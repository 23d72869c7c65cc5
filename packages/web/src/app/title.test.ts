import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { pageTitle } from './title';

describe('page title', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('is the translated route title, a dash and the product title', async () => {
    expect(pageTitle('dashboard')).toBe('首页 - 智能网关管理系统');
    await i18n.changeLanguage('en');
    expect(pageTitle('loginLog')).toBe('Login Log - 智能网关管理系统');
  });

  it('is the product title alone for a route without a title', () => {
    expect(pageTitle(undefined)).toBe('智能网关管理系统');
    expect(pageTitle('')).toBe('智能网关管理系统');
  });
});
