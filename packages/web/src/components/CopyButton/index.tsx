import { CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { toast } from '../../utils/notify';

/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or localhost); a console opened
 * over plain http on the plant's network falls back to a selected, hidden textarea and the copy command.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // denied: try the old way below
    }
  }
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  // inside the open dialog, if any: a modal keeps focus within itself, and a selection it pulls focus from copies
  // nothing (the clipboard would keep what was there, e.g. the previous box's secret)
  (document.activeElement?.closest('[role="dialog"]') ?? document.body).appendChild(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    before?.focus();
  }
}

/** 复制: copies `text` and says 已复制, or 复制失败,请手动选择复制 when the browser refuses. */
export function CopyButton({ text, children = '复制', ...props }: { text: string } & Omit<ButtonProps, 'onClick'>) {
  const copy = async () => {
    if (await copyText(text)) toast.success('已复制');
    else toast.error('复制失败,请手动选择复制');
  };
  return (
    <Button icon={<CopyOutlined />} onClick={() => void copy()} {...props}>
      {children}
    </Button>
  );
}
