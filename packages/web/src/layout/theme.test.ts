import { theme as antdThemes } from 'antd';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../settings';
import { antdTheme, carriesText, contrast, inkOf } from './theme';

/** A black-alpha grey as drawn over a background colour. */
function greyOver(rgba: string, background: string): string {
  const alpha = Number(/,\s*([\d.]+)\)$/.exec(rgba)![1]);
  const bg = Number.parseInt(background.slice(1), 16);
  const channels = [bg >> 16, (bg >> 8) & 255, bg & 255].map((c) => Math.round(c * (1 - alpha)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const PAGE_GREY = '#f5f7fa';

describe('theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#409eff', '#ffffff')).toBeCloseTo(2.78, 2);
  });

  it('keeps the spec’s #409EFF as antd’s primary colour, but writes text in a shade of it that reads', () => {
    const { token, components } = antdTheme(COLORS.theme);
    expect(token?.colorPrimary).toBe('#409eff');
    expect(carriesText(COLORS.theme)).toBe(false);
    const { ink, hover, active } = inkOf(COLORS.theme);
    expect(token).toMatchObject({ colorLink: ink, colorLinkHover: hover, colorLinkActive: active, colorPrimaryText: ink });
    // a primary button: white text on the ink; links on white and on the pages' grey
    expect(components?.Button).toMatchObject({ colorPrimary: ink, algorithm: true });
    for (const shade of [ink, hover, active]) expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ink, PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws focus in the ink: at least 3:1 against white', () => {
    const { token, components } = antdTheme(COLORS.theme);
    expect(contrast(token!.colorPrimaryBorder!, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(token?.controlOutline).toBe(token?.colorPrimaryBorder);
    // the components with their own primary colour keep the readable settings too
    expect(components?.Select).toMatchObject({ colorPrimaryBorder: token?.colorPrimaryBorder, colorTextPlaceholder: token?.colorTextPlaceholder });
  });

  it('makes secondary text and placeholders 4.5:1 on white and on the pages’ grey', () => {
    const { token } = antdTheme(COLORS.theme);
    for (const grey of [token!.colorTextTertiary!, token!.colorTextDescription!, token!.colorTextPlaceholder!]) {
      for (const background of ['#ffffff', PAGE_GREY]) expect(contrast(greyOver(grey, background), background), `${grey} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes errors (a danger button, 删除, a field’s message) in a red that reads on white and on the pages’ grey', () => {
    const { token } = antdTheme(COLORS.theme);
    for (const red of [token!.colorError!, token!.colorErrorHover!, token!.colorErrorActive!]) expect(contrast(red, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token!.colorError!, PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes every tag, preset colour or state, at 4.5:1 on its own background', () => {
    const tag = antdTheme(COLORS.theme).components!.Tag as Record<string, string>;
    // a preset is written in its shade 7 on its shade 1 (antd's palettes), a state in colorSuccess… on colorSuccessBg…
    const palette = antdThemes.getDesignToken() as unknown as Record<string, string>;
    for (const preset of ['green', 'gold', 'red', 'blue', 'orange', 'yellow', 'lime', 'cyan', 'volcano', 'magenta']) {
      expect(contrast(tag[`${preset}7`], palette[`${preset}1`]), preset).toBeGreaterThanOrEqual(4.5);
    }
    for (const state of ['Success', 'Warning', 'Error', 'Info']) {
      expect(contrast(tag[`color${state}`], tag[`color${state}Bg`]), state).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('makes an unchecked switch’s white text and an empty table’s text readable', () => {
    const { components } = antdTheme(COLORS.theme);
    const track = (components!.Switch as Record<string, string>).colorTextQuaternary;
    for (const background of ['#ffffff', PAGE_GREY]) expect(contrast('#ffffff', greyOver(track, background))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(greyOver((components!.Table as Record<string, string>).colorTextDisabled, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a theme colour dark enough as its own ink, and falls back to the default for a broken value', () => {
    expect(inkOf('#304156').ink).toBe('#304156');
    expect(carriesText('#304156')).toBe(true);
    expect(antdTheme('not a colour').token?.colorPrimary).toBe('#409eff');
    expect(antdTheme('#FFF').token?.colorPrimary).toBe('#ffffff');
    expect(contrast(inkOf('#ffffff').ink, '#ffffff')).toBeGreaterThanOrEqual(5);
  });
});
