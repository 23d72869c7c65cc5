import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the request client): the console's providers hand over their context-aware instance
 * so toasts follow the theme. Before that — on the login page, which is drawn without antd so that a phone opens
 * it quickly — antd's static one is loaded when the first toast is shown.
 */
let instance: MessageInstance | undefined;

export function setMessageInstance(api: MessageInstance | undefined): void {
  instance = api;
}

type Level = 'error' | 'success' | 'warning' | 'info';

function show(level: Level, text: string, seconds?: number): void {
  if (instance) void instance[level](text, seconds);
  else void import('antd').then(({ message }) => message[level](text, seconds));
}

export const toast = {
  error: (text: string, seconds?: number) => show('error', text, seconds),
  success: (text: string, seconds?: number) => show('success', text, seconds),
  warning: (text: string, seconds?: number) => show('warning', text, seconds),
  info: (text: string, seconds?: number) => show('info', text, seconds),
};
