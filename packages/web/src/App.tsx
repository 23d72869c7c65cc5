/** Placeholder until the console shell lands: tells whoever opens /custom/ what is running. */
export function App() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 48 }}>
      <h1>智能网关管理系统</h1>
      <p>控制台建设中。接口文档: <a href="/custom/api/docs">/custom/api/docs</a></p>
    </main>
  );
}
