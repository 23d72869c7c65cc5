import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** Values stay strings ("0123" is not a number); a message is flat, so deep nesting is refused. */
const parser = new XMLParser({ parseTagValue: false, trimValues: true, maxNestedTags: 8 });
const builder = new XMLBuilder({ cdataPropName: '#cdata' });

/** The fields of a WeChat `<xml>` document that hold text, or null when the body is not such a document. */
export function parseWechatXml(body: string): Record<string, string> | null {
  if (!body.trim() || XMLValidator.validate(body) !== true) return null;
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch {
    return null;
  }
  const root = (doc as { xml?: unknown } | null)?.xml;
  if (!root || typeof root !== 'object') return null;
  const fields: Record<string, string> = {};
  // a repeated or nested element is not a field of a message: left out rather than guessed
  for (const [name, value] of Object.entries(root)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** Text written as CDATA (the builder splits a `]]>` inside it). */
export const cdata = (text: string) => ({ '#cdata': text });

/** An `<xml>` document from its children (strings already wrapped with `cdata` where they are text). */
export function buildWechatXml(children: Record<string, unknown>): string {
  return builder.build({ xml: children });
}
