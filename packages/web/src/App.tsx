import { BrowserRouter } from 'react-router';
import { BASENAME } from './app/paths';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

/**
 * The console: providers around the router, served under /custom/. Navigation is not a transition, so a
 * navigation can be committed at once (see useSwitchRole); pages show their own loading state anyway.
 */
export function App() {
  return (
    <Providers>
      <BrowserRouter basename={BASENAME} useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
