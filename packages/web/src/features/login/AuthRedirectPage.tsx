/** Stub: replaced by its owner. */
export default function AuthRedirectPage() {
  return <div>AuthRedirectPage</div>;
}
