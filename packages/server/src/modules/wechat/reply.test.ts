import { describe, expect, it } from 'vitest';
import { replyXml } from './reply.js';
import { parseWechatXml } from './xml.js';

const to = { user: 'o-user', account: 'gh_acc' };
const now = new Date('2024-05-01T00:00:00Z');

describe('reply XML', () => {
  it('answers text with the parties swapped, CreateTime in seconds and the text as CDATA', () => {
    const xml = replyXml({ type: 'text', content: 'a <b> & ]]> c' }, to, now);
    expect(xml).toContain('<ToUserName><![CDATA[o-user]]></ToUserName><FromUserName><![CDATA[gh_acc]]></FromUserName><CreateTime>1714521600</CreateTime>');
    expect(parseWechatXml(xml)).toMatchObject({ MsgType: 'text', Content: 'a <b> & ]]> c', CreateTime: '1714521600' });
  });

  it('answers a picture by its MediaId', () => {
    expect(replyXml({ type: 'image', media_id: 'MEDIA_1' }, to, now)).toContain('<MsgType><![CDATA[image]]></MsgType><Image><MediaId><![CDATA[MEDIA_1]]></MediaId></Image>');
  });

  it('answers articles with their count and one item each', () => {
    const xml = replyXml(
      { type: 'news', articles: [{ title: '标题一', description: '说明', pic_url: 'https://x.cn/p.png', url: 'https://x.cn/1' }, { title: '标题二', description: '', pic_url: '', url: '' }] },
      to,
      now,
    );
    expect(xml).toContain('<ArticleCount>2</ArticleCount><Articles><item><Title><![CDATA[标题一]]></Title><Description><![CDATA[说明]]></Description><PicUrl><![CDATA[https://x.cn/p.png]]></PicUrl><Url><![CDATA[https://x.cn/1]]></Url></item><item><Title><![CDATA[标题二]]></Title>');
  });
});
