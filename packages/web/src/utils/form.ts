import type { FormRule } from 'antd';
import { applyChineseMessages } from '@gw/contracts';
import type { z } from 'zod';

// zod (and its Chinese messages) load with the first form that uses a contracts rule, not with the login page.
applyChineseMessages();

/**
 * An antd form rule from a contracts schema, so the console checks a field with the same rule and the same
 * (Chinese) message as the server. Empty optional fields pass.
 * @example <Form.Item name="email" rules={[zodRule(userInfoUpdateSchema.shape.email)]}>
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    async validator(_rule, value: unknown) {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
