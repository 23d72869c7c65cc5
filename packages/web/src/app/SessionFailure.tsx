import { Alert, Button } from 'antd';
import { clearSession } from './session';

const SESSION_TEXT = {
  kept: '用户信息未能加载,登录状态仍保留。',
  retry: '重试',
  relogin: '重新登录',
} as const;

/** In place of the page while the user info could not be loaded: why, a retry, and a way back to login. */
export function SessionFailure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Alert
        type="error"
        showIcon
        title={error}
        description={SESSION_TEXT.kept}
        action={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Button size="small" type="primary" onClick={onRetry}>
              {SESSION_TEXT.retry}
            </Button>
            {/* the way out when retrying does not help; the guard then opens login with the redirect */}
            <Button size="small" onClick={clearSession}>
              {SESSION_TEXT.relogin}
            </Button>
          </div>
        }
      />
    </div>
  );
}
