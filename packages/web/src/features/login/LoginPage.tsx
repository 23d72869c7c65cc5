import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { NETWORK_ERROR, RequestError } from '../../utils/request';
import { useCaptcha } from './api';
import { CaptchaImage } from './CaptchaImage';
import { LoginInput, PasswordInput } from './LoginInput';
import { LOGIN_TEXT } from './messages';
import { afterLoginPath } from './redirect';
import styles from './LoginPage.module.css';
import './shell.css';

type Field = 'username' | 'password' | 'captcha';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['username', 'password', 'captcha'];
const REQUIRED: Record<Field, string> = {
  username: LOGIN_TEXT.usernameRequired,
  password: LOGIN_TEXT.passwordRequired,
  captcha: LOGIN_TEXT.captchaRequired,
};

/** Every field is required; the username and the captcha are not just spaces (a password may be). */
function validate(values: Values): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const value = field === 'password' ? values.password : values[field].trim();
    if (!value) errors[field] = REQUIRED[field];
  }
  return errors;
}

/** A field with the message under it when it is wrong, tied to it for screen readers. */
function Field({ name, error, children }: { name: Field; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {children}
      {error && (
        <div id={`login-${name}-error`} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Username, password and captcha. On success the store saves the token and caches the dictionary, and the user
 * goes where the login was asked from; on failure a new captcha replaces the spent one.
 *
 * A plain form of plain inputs rather than antd's Form and Input: the three required fields need no more, and the
 * page is the first a phone opens — antd's Form was a tenth of its code, and antd's components computing their
 * styles the biggest part of its script time.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const captcha = useCaptcha();
  const [values, setValues] = useState<Values>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const fieldsRef = useRef<HTMLFormElement>(null);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // once the user has tried to log in, each field says at once whether it is still missing
    if (checked) setErrors(validate(next));
  };

  const invalid = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login-${field}-error` } : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setChecked(true);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      fieldsRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setUnreachable(false);
    try {
      await useUserStore.getState().login({ username: values.username, password: values.password, captcha: values.captcha, c_id: captcha.cId });
      void navigate(afterLoginPath(search), { replace: true });
    } catch (error) {
      setValues((current) => ({ ...current, captcha: '' }));
      captcha.refresh();
      // every other failure has been toasted by the request client; a network error is rejected silently
      setUnreachable(error instanceof RequestError && error.message === NETWORK_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={`gw-login-page ${styles.page}`}>
      <div className="gw-login-panel">
        <h1 className="gw-login-title">{PRODUCT_TITLE}</h1>
        <form ref={fieldsRef} className="gw-login-form" noValidate autoComplete="on" onSubmit={(event) => void submit(event)}>
          <Field name="username" error={errors.username}>
            <LoginInput
              name="username"
              prefix={<UserOutlined />}
              placeholder={LOGIN_TEXT.username}
              autoComplete="username"
              autoFocus
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
              {...invalid('username')}
            />
          </Field>
          <Field name="password" error={errors.password}>
            <PasswordInput
              name="password"
              prefix={<LockOutlined />}
              placeholder={LOGIN_TEXT.password}
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              {...invalid('password')}
            />
          </Field>
          <Field name="captcha" error={errors.captcha}>
            <div className={styles.captchaRow}>
              <LoginInput
                name="captcha"
                prefix={<SafetyOutlined />}
                placeholder={LOGIN_TEXT.captcha}
                autoComplete="off"
                maxLength={16}
                value={values.captcha}
                onChange={(e) => change('captcha', e.target.value)}
                {...invalid('captcha')}
              />
              <CaptchaImage image={captcha.image} loading={captcha.loading} failed={captcha.failed} onRefresh={captcha.refresh} />
            </div>
          </Field>
          {unreachable && (
            <div className={styles.alert} role="alert">
              {NETWORK_ERROR}
            </div>
          )}
          <button type="submit" className={styles.submit} disabled={submitting} aria-busy={submitting}>
            {submitting ? LOGIN_TEXT.submitting : LOGIN_TEXT.submit}
          </button>
        </form>
      </div>
    </div>
  );
}
