import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

/** Chinese validation messages on both sides; called once at start by the server and the console. */
export function applyChineseMessages(): void {
  z.config(zhCN());
}
