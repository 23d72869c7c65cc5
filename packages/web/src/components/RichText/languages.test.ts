import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from './languages';

afterEach(() => vi.unstubAllGlobals());

describe('loadLanguage', () => {
  it('registers the community pack for zh_CN, es and ja and answers the code TinyMCE knows', async () => {
    const addI18n = vi.fn();
    vi.stubGlobal('tinymce', { addI18n });
    expect(await loadLanguage('zh_CN')).toBe('zh-CN');
    expect(await loadLanguage('es')).toBe('es');
    expect(await loadLanguage('ja')).toBe('ja');
    expect(addI18n.mock.calls.map(([code]) => code)).toEqual(['zh-CN', 'es', 'ja']);
    expect(addI18n.mock.calls[0][1].Bold).toBe('粗体');
  });

  it('needs no pack for English', async () => {
    expect(await loadLanguage('en')).toBe('en');
  });
});
