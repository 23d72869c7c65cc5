/** Stub: replaced by its owner. */
export default function NoPermissionPage() {
  return <div>NoPermissionPage</div>;
}
