/** Stub: replaced by its owner. */
export default function DashboardPage() {
  return <div>DashboardPage</div>;
}
