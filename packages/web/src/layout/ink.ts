import { COLORS } from '../settings';

/*
 * The theme colour's readable shades, without antd: the login page (drawn before antd is loaded) needs them as
 * much as antd's theme (layout/theme.ts) does.
 */

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `#abc`, `#aabbcc` (any case) as `#aabbcc`; anything else as the default theme colour. */
export function normalHex(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : COLORS.theme.toLowerCase();
}

/** `hex` mixed with black, `share` (0–1) of black: the same hue, darker. */
function darken(hex: string, share: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((c) => Math.round(c * (1 - share)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The lightest shade of `hex` (itself when dark enough) that reaches `ratio` against white. */
export function shadeFor(hex: string, ratio: number): string {
  for (let share = 0; share < 1; share += 0.01) {
    const shade = darken(hex, share);
    if (contrast(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}

/** Text, and white text on a fill, needs 4.5:1 (WCAG AA); a focus ring or a control's edge 3:1. */
export const TEXT_CONTRAST = 4.5;

/**
 * Whether white text may sit on `theme` as it is. The spec's #409EFF gives 2.78:1, so by default the console
 * writes on (and with) a darker shade of it — see `inkOf`.
 */
export const carriesText = (theme: string): boolean => contrast(normalHex(theme), '#ffffff') >= TEXT_CONTRAST;

/**
 * The shades of the theme colour that text may use: `ink` gives 5:1 against white, so that it stays above 4.5:1
 * on the light greys and tints the pages lie on (#f5f7fa, a selected row) as well as under white text; `hover` is
 * lighter (4.5:1 against white), `active` darker (7:1). A theme colour already that dark is its own ink.
 */
export function inkOf(theme: string): { ink: string; hover: string; active: string } {
  const hex = normalHex(theme);
  return { ink: shadeFor(hex, 5), hover: shadeFor(hex, TEXT_CONTRAST), active: shadeFor(hex, 7) };
}
