import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { LOGIN_TEXT } from './messages';
import styles from './LoginPage.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  /** The icon drawn in the field before the text. */
  prefix: ReactNode;
}

/**
 * A field of the login form: a plain input with its icon, drawn by the page's own CSS. Not antd's Input: the
 * login page is the first thing a phone loads, and antd's components compute their styles in script as they
 * first render — the biggest part of the page's script time on a slow phone.
 */
export function LoginInput({ prefix, className, ...input }: Props) {
  return (
    <span className={[styles.input, input['aria-invalid'] ? styles.invalid : '', className].filter(Boolean).join(' ')}>
      <span className={styles.prefix} aria-hidden>
        {prefix}
      </span>
      <input {...input} />
    </span>
  );
}

/** The password field, with a button that shows or hides what was typed. */
export function PasswordInput(props: Props) {
  const [shown, setShown] = useState(false);
  return (
    <span className={styles.password}>
      <LoginInput {...props} type={shown ? 'text' : 'password'} />
      <button type="button" className={styles.reveal} aria-label={shown ? LOGIN_TEXT.hidePassword : LOGIN_TEXT.showPassword} aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </span>
  );
}
