// first: before any module that builds a zod schema
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/routes';
import { setUnauthorizedHandler } from './lib/api-client';
import { toast } from './lib/feedback';
import { createQueryClient } from './lib/query-client';
import { endLocalSession } from './lib/session';
import { isSignedIn } from './lib/storage';

const queryClient = createQueryClient();
const router = createBrowserRouter(buildRoutes());

// a protected call got 401 (expired or revoked session): sign out here; the guard goes to /login
setUnauthorizedHandler((err) => {
  if (!isSignedIn()) return;
  endLocalSession(queryClient);
  toast().warning(err.message || 'Sesi berakhir, silakan login kembali', 5);
});

// the first render as a transition: React renders it in slices and lets the browser paint and
// take input in between, instead of one long task (the loading state of index.html stays until then)
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
