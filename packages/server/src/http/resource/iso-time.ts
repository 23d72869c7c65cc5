/**
 * A timestamp as PostgreSQL sends it (DateStyle ISO), straight to the ISO text a Date's toISOString() gives — what
 * a list's default serializer makes of it anyway — without a Date in between. Text in UTC (`…+00`, or no zone for
 * a timestamp without one, which the ORM reads as UTC) is rearranged; anything else (another zone, a year beyond
 * 9999, BC, infinity) goes through a Date as before, so the answer is the same either way.
 */
const UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(\+00)?$/;

export function isoTime(withTimezone: boolean): (text: unknown) => unknown {
  return (text) => {
    if (typeof text !== 'string') return text instanceof Date ? text.toISOString() : text;
    const utc = UTC.exec(text);
    // a zone must be there for a timestamp with one, and absent for one without
    if (utc && !utc[4] === !withTimezone) {
      const fraction = utc[3] ? (utc[3].length >= 3 ? utc[3].slice(0, 3) : utc[3].padEnd(3, '0')) : '000';
      return `${utc[1]}T${utc[2]}.${fraction}Z`;
    }
    return new Date(withTimezone ? text : `${text}+0000`).toISOString();
  };
}
