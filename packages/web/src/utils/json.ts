import type { Rule } from 'antd/es/form';

/** JSON typed in an editor: undefined when left blank, else the parsed value (throws with the parser's reason). */
export function parseJsonText(text: string | undefined): unknown {
  const trimmed = text?.trim();
  return trimmed ? JSON.parse(trimmed) : undefined;
}

/**
 * The form rule of a JSON editor: valid JSON (or blank, when `blank` allows it), else `message` with the
 * parser's reason.
 */
export const jsonRule = (message: (reason: string) => string, { blank }: { blank: boolean }): Rule => ({
  validator: async (_, value: string | undefined) => {
    try {
      if (parseJsonText(value) === undefined && !blank) JSON.parse('');
    } catch (error) {
      throw new Error(message(error instanceof Error ? error.message : String(error)), { cause: error });
    }
  },
});
