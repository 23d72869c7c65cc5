import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { NETWORK_ERROR, RequestError } from '../../utils/request';
import { useCaptcha } from './api';
import { CaptchaImage } from './CaptchaImage';
import { LOGIN_TEXT } from './messages';
import { afterLoginPath } from './redirect';
import styles from './LoginPage.module.css';

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}

/**
 * Username, password and captcha. On success the store saves the token and caches the dictionary, and the user
 * goes where the login was asked from; on failure a new captcha replaces the spent one.
 */
export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [unreachable, setUnreachable] = useState(false);

  async function submit(values: LoginValues) {
    setSubmitting(true);
    setUnreachable(false);
    try {
      await useUserStore.getState().login({ ...values, c_id: captcha.cId });
      void navigate(afterLoginPath(search), { replace: true });
    } catch (error) {
      form.setFieldValue('captcha', '');
      captcha.refresh();
      // every other failure has been toasted by the request client; a network error is rejected silently
      setUnreachable(error instanceof RequestError && error.message === NETWORK_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <h1 className={styles.title}>{PRODUCT_TITLE}</h1>
        <Form form={form} size="large" autoComplete="on" onFinish={(values) => void submit(values)}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: LOGIN_TEXT.usernameRequired }]}>
            <Input prefix={<UserOutlined />} placeholder={LOGIN_TEXT.username} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: LOGIN_TEXT.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={LOGIN_TEXT.password} autoComplete="current-password" />
          </Form.Item>
          <Form.Item required>
            <div className={styles.captchaRow}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: LOGIN_TEXT.captchaRequired }]}>
                <Input prefix={<SafetyOutlined />} placeholder={LOGIN_TEXT.captcha} autoComplete="off" maxLength={16} />
              </Form.Item>
              <CaptchaImage image={captcha.image} loading={captcha.loading} failed={captcha.failed} onRefresh={captcha.refresh} />
            </div>
          </Form.Item>
          {unreachable && <Alert type="error" showIcon title={NETWORK_ERROR} style={{ marginBottom: 24 }} />}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {LOGIN_TEXT.submit}
          </Button>
        </Form>
      </div>
    </div>
  );
}
