import { type ThemeConfig, theme as antdThemes } from 'antd';
import { TEXT_CONTRAST, carriesText, contrast, inkOf, normalHex, shadeFor } from './ink';

export { TEXT_CONTRAST, carriesText, contrast, inkOf, normalHex };

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

/** antd's own colours, whose palettes the tags' and the states' text shades are taken from. */
const ANTD = antdThemes.getDesignToken();

/** antd's error red, #ff4d4f: 3.26:1 on white, as danger buttons' text and white on a filled one. */
const ERROR = ANTD.colorError;

/**
 * Errors are text (a danger button, 删除, a field's message, white on a filled danger button): they take a shade
 * of antd's red that reads as the ink does — 5:1 on white, hover 4.5:1, active 7:1.
 */
const ERRORS = {
  colorError: shadeFor(ERROR, 5),
  colorErrorHover: shadeFor(ERROR, TEXT_CONTRAST),
  colorErrorActive: shadeFor(ERROR, 7),
} as const;

/** antd's preset tag colours (`<Tag color="green">`). */
const TAG_PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;
type TagPreset = (typeof TAG_PRESETS)[number];
const shadeOf = (preset: TagPreset, n: number): string => ANTD[`${preset}${n}` as `${TagPreset}1`];

/**
 * A preset tag is written in shade 7 of its palette on shade 1: green #389e0d on #f6ffed is 3.37:1, gold 2.76:1,
 * yellow 2.05:1. Each preset here writes in the lightest of shades 7–10 that reaches 4.5:1 on its own background
 * (green 8, gold 9), so a tag keeps its hue and reads.
 */
function tagTexts(): Record<`${TagPreset}7`, string> {
  const texts = TAG_PRESETS.map((preset) => {
    const text = [7, 8, 9, 10].map((n) => shadeOf(preset, n)).find((shade) => contrast(shade, shadeOf(preset, 1)) >= TEXT_CONTRAST);
    return [`${preset}7`, text ?? '#000000'];
  });
  return Object.fromEntries(texts) as Record<`${TagPreset}7`, string>;
}

/** A tag's states (`color="success"`…) and the presets they look like. */
const TAG_STATES = { Success: 'green', Warning: 'gold', Info: 'blue', Error: 'red' } as const;

/**
 * The tags' own colours: the presets' text (above), and the states', which antd writes in colorSuccess… on a tint
 * of it (#52c41a on #f6ffed is 2.21:1): each as the preset it looks like — its text shade on its shade 1, edged
 * in its shade 3. (Only the text shade as colorSuccess would not do: antd derives the tint from it, and a dark
 * green's tint is a grey.)
 */
function tagTokens(): Record<string, string> {
  const texts = tagTexts();
  const states = Object.entries(TAG_STATES).flatMap(([state, preset]): [string, string][] => [
    [`color${state}`, texts[`${preset}7`]],
    [`color${state}Bg`, shadeOf(preset, 1)],
    [`color${state}Border`, shadeOf(preset, 3)],
  ]);
  return { ...texts, ...Object.fromEntries(states) };
}

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
 * for links, primary text and the components in INKED, readable greys, a readable red for errors and tags whose
 * text reads. With #409EFF, primary buttons are #2d70b5 with white text (5:1) while the tints around them stay
 * those of #409EFF.
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
    ...ERRORS,
  };
  const inked = { ...shared, colorPrimary: ink, algorithm: true };
  const components: Record<string, object> = Object.fromEntries(INKED.map((name) => [name, inked]));
  // antd underlines a primary button with a 2 px shadow in controlOutline: with the ink that is a dark smear
  components.Button = { ...inked, primaryShadow: 'none' };
  components.Tag = { ...inked, ...tagTokens() };
  // an unchecked switch writes white (关, 否) on black at 25 % (1.83:1): at 55 % it reads (4.7:1), hovered at 65 %
  components.Switch = { ...inked, colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' };
  // an empty table's 暂无数据 is written in the disabled grey (#bfbfbf, 1.83:1): in the secondary text's instead
  components.Table = { colorTextDisabled: GREYS.colorTextDescription };
  return { token: { colorPrimary, ...shared }, components };
}
