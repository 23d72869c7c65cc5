import { LoadingOutlined } from '@ant-design/icons';
import { LOGIN_TEXT } from './messages';
import styles from './LoginPage.module.css';

interface Props {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha picture; a click fetches a new one. */
export function CaptchaImage({ image, loading, failed, onRefresh }: Props) {
  return (
    <button type="button" className={styles.captcha} onClick={onRefresh} title={LOGIN_TEXT.refreshCaptcha} aria-label={LOGIN_TEXT.refreshCaptcha}>
      {image ? (
        <img src={image} alt={LOGIN_TEXT.captcha} />
      ) : loading ? (
        <LoadingOutlined aria-label={LOGIN_TEXT.captchaLoading} />
      ) : (
        <span>{failed ? LOGIN_TEXT.captchaFailed : LOGIN_TEXT.captchaLoading}</span>
      )}
    </button>
  );
}
