// first: before any module that builds a zod schema
import '../lib/zod-jitless';
import './lapangan.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSignIn } from '../lib/storage';
import { FieldApp } from './app';
import { persistStorage } from './db';

// the session ended on the server (logout elsewhere, expiry): sign in again; what the phone
// holds (snapshot, entries not sent) stays for the same tire man
setUnauthorizedHandler(() => clearSignIn());
void persistStorage().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FieldApp />
  </StrictMode>,
);
