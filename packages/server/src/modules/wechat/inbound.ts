import type { Inbound } from './match.js';
import type { Parties } from './reply.js';

/** A message or event of the callback as the module handles it. */
export interface InboundMessage {
  inbound: Inbound;
  parties: Parties;
  /** What makes a repeat delivery the same: MsgId, or sender + time + event for events. */
  key: string;
  msgType: string;
  /** The text, or the event (with its key), for the record. */
  content: string;
}

/** The message in a callback's XML fields, or null when it lacks the fields every message has. */
export function readInbound(fields: Record<string, string>): InboundMessage | null {
  const { FromUserName: user, ToUserName: account, MsgType: msgType, CreateTime: createTime = '' } = fields;
  if (!user || !account || !msgType) return null;
  const parties = { user, account };
  if (msgType === 'event') {
    const event = fields.Event ?? '';
    const eventKey = fields.EventKey ?? '';
    return { inbound: eventInbound(event), parties, key: `event:${user}:${createTime}:${event}`, msgType, content: eventKey ? `${event} ${eventKey}` : event };
  }
  const key = fields.MsgId ? `msg:${fields.MsgId}` : `msg:${user}:${createTime}:${msgType}`;
  const content = fields.Content ?? '';
  return { inbound: msgType === 'text' ? { kind: 'text', content } : { kind: 'message' }, parties, key, msgType, content };
}

/** A follow (a scan of a scene QR code by a new follower comes as subscribe with EventKey qrscene_…) or a scan by a follower. */
function eventInbound(event: string): Inbound {
  const name = event.toLowerCase();
  if (name === 'subscribe' || name === 'scan') return { kind: 'subscribe' };
  if (name === 'unsubscribe') return { kind: 'unsubscribe' };
  return { kind: 'event' };
}
