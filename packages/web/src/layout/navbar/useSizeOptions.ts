import { App } from 'antd';
import { useTranslation } from '../../i18n';
import { SIZES, type Size } from '../../settings';
import { useAppStore } from '../../stores/app';
import { LAYOUT_TEXT } from '../messages';

/**
 * The global size choices (default / medium / small / mini, translated; the current one disabled) and the
 * switch, shared by the header's size select and the avatar menu.
 */
export function useSizeOptions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useAppStore((s) => s.size);
  const items = SIZES.map((s) => ({ key: s, label: t(`size.${s}`), disabled: s === size }));
  const change = (next: Size) => {
    useAppStore.getState().setSize(next);
    void message.success(LAYOUT_TEXT.switchSizeSuccess);
  };
  return { size, items, change };
}

export const isSize = (key: string): key is Size => (SIZES as readonly string[]).includes(key);
