/** antd's preset tag colours the server accepts by name, with what the console calls them. */
export const TAG_PRESETS: readonly { value: string; title: string }[] = [
  { value: 'magenta', title: '洋红' },
  { value: 'red', title: '红色' },
  { value: 'volcano', title: '火山红' },
  { value: 'orange', title: '橙色' },
  { value: 'gold', title: '金色' },
  { value: 'lime', title: '青柠' },
  { value: 'green', title: '绿色' },
  { value: 'cyan', title: '青色' },
  { value: 'blue', title: '蓝色' },
  { value: 'geekblue', title: '极客蓝' },
  { value: 'purple', title: '紫色' },
];

/** What a new tag is coloured unless one is chosen (the server's default too). */
export const DEFAULT_TAG_COLOR = 'blue';

export const isHexColor = (color: string | undefined): color is string => !!color && /^#[0-9a-fA-F]{6}$/.test(color);
