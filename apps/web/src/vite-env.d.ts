/// <reference types="vite/client" />

/* eslint-disable @typescript-eslint/consistent-type-definitions -- Vite's env typing works by interface merging. */

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_CORE_API_URL?: string;
  readonly VITE_AIRPORT_API_URL?: string;
  readonly VITE_AIRLINE_MANAGER_API_URL?: string;
  readonly VITE_SHOW_DEV_OUTBOX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
