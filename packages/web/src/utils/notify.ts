import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the request client): the App component hands over its context-aware instance so
 * toasts follow the theme; before that, antd's static one is used.
 */
let instance: MessageInstance = message;

export function setMessageInstance(api: MessageInstance): void {
  instance = api;
}

export const toast = {
  error: (text: string, seconds?: number) => void instance.error(text, seconds),
  success: (text: string, seconds?: number) => void instance.success(text, seconds),
  warning: (text: string, seconds?: number) => void instance.warning(text, seconds),
  info: (text: string, seconds?: number) => void instance.info(text, seconds),
};
