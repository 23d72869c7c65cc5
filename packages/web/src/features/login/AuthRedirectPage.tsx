import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from './redirect';

/** Reachable without a token: forwards to `?redirect=` (a path of this console) or home. */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
}
