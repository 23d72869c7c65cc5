import type { ThemeConfig } from 'antd';
import { COLORS } from '../settings';

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
function shadeFor(hex: string, ratio: number): string {
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

/**
 * Greys for secondary text. antd's defaults are black at 45 % (descriptions, table column titles' icons, empty
 * lists: #8c8c8c, 3.36:1) and 25 % (placeholders: #bfbfbf, 1.83:1); these reach 5.7:1 and 4.7:1 on white and stay
 * above 4.5:1 on the console's #f5f7fa. Disabled text keeps antd's faint grey: WCAG exempts it, and it must look
 * disabled.
 */
const GREYS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
} as const;

/**
 * Components that write text on or in the primary colour, or show a state with it (a checked box, the selected
 * page of a pager): they take the ink as their primary colour and derive their hover and active shades from it
 * (`algorithm`). Everything else — tints of selected rows and hovered items, progress, spinners, sliders — keeps
 * the theme colour itself.
 */
const INKED = [
  'Button',
  'Radio',
  'Checkbox',
  'Switch',
  'Tabs',
  'Pagination',
  'Dropdown',
  'Menu',
  'DatePicker',
  'Calendar',
  'Steps',
  'Tag',
  'Tree',
  'TreeSelect',
  'Select',
  'Cascader',
  'Input',
  'InputNumber',
  'Mentions',
  'Transfer',
  'Segmented',
  'Upload',
  'FloatButton',
  'Anchor',
] as const;

/**
 * antd's theme for a theme colour: the colour itself as antd's primary (its tints, fills and decorations), its ink
 * for links, primary text and the components in INKED, and readable greys. With #409EFF, primary buttons are
 * #2d70b5 with white text (5:1) while the tints around them stay those of #409EFF.
 *
 * Focus: antd draws focus outlines in `colorPrimaryBorder` and fields' focus shadows in `controlOutline`, both
 * light tints by default (#409EFF's: 1.35:1 on white); here both are the ink (5:1), the shadow 1 px wide beside
 * the field's ink border.
 */
export function antdTheme(theme: string): Pick<ThemeConfig, 'token' | 'components'> {
  const colorPrimary = normalHex(theme);
  const { ink, hover, active } = inkOf(colorPrimary);
  // a component with its own primary colour (INKED) recomputes antd's derived tokens from it: so everything set
  // here beside the primary colour is handed to those components again, or they would lose it
  const shared = {
    colorLink: ink,
    colorLinkHover: hover,
    colorLinkActive: active,
    colorPrimaryText: ink,
    colorPrimaryTextHover: hover,
    colorPrimaryTextActive: active,
    colorPrimaryBorder: ink,
    controlOutline: ink,
    controlOutlineWidth: 1,
    ...GREYS,
  };
  const inked = { ...shared, colorPrimary: ink, algorithm: true };
  const components: Record<string, object> = Object.fromEntries(INKED.map((name) => [name, inked]));
  // antd underlines a primary button with a 2 px shadow in controlOutline: with the ink that is a dark smear
  components.Button = { ...inked, primaryShadow: 'none' };
  return { token: { colorPrimary, ...shared }, components };
}
