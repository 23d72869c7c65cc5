/** A reply as the log shows it: JSON pretty-printed, text as it came. */
export const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
