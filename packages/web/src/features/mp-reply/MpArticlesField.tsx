import { type MpArticle, mpArticleSchema } from '@gw/contracts';
import { Button, Card, Flex, Form, Input } from 'antd';
import type { FormListProps } from 'antd/es/form';
import { zodRule } from '../../utils/form';
import { M } from './messages';

/** WeChat shows at most this many articles in one 图文 reply (the contract's limit). */
export const MAX_ARTICLES = 8;

const a = mpArticleSchema.shape;
const blank: MpArticle = { title: '', description: '', pic_url: '', url: '' };

/** 图文: up to 8 articles, each 标题, 描述, 图片地址 and 链接 (http(s) or empty); `rules` check the list as a whole. */
export function MpArticlesField({ label, rules }: { label: string; rules: FormListProps['rules'] }) {
  return (
    <Form.Item label={label} required>
      <Form.List name="articles" rules={rules}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={M.article(index + 1)}
                extra={
                  <Button type="link" danger size="small" onClick={() => remove(field.name)}>
                    {M.removeArticle}
                  </Button>
                }
              >
                <Form.Item name={[field.name, 'title']} label={M.articleFields.title} rules={[zodRule(a.title)]}>
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item name={[field.name, 'description']} label={M.articleFields.description} rules={[zodRule(a.description)]}>
                  <Input.TextArea rows={2} maxLength={256} />
                </Form.Item>
                <Form.Item name={[field.name, 'pic_url']} label={M.articleFields.pic_url} rules={[zodRule(a.pic_url)]}>
                  <Input placeholder="https://" />
                </Form.Item>
                <Form.Item name={[field.name, 'url']} label={M.articleFields.url} rules={[zodRule(a.url)]} style={{ marginBottom: 0 }}>
                  <Input placeholder="https://" />
                </Form.Item>
              </Card>
            ))}
            <Button type="dashed" disabled={fields.length >= MAX_ARTICLES} onClick={() => add({ ...blank })}>
              {fields.length >= MAX_ARTICLES ? M.maxArticles(MAX_ARTICLES) : M.addArticle}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
