// Browser-safe entry of @agentflow/shared (a Module Federation singleton).
export * from './config.js';
export * from './federation/contexts.js';
export { createRequiredContext } from './federation/requiredContext.js';
export * from './firebase/web.js';
export * from './i18n/index.js';
export { AppProviders } from './providers/AppProviders.js';
export { AuthProvider, createUserProfile } from './providers/AuthProvider.js';
export { firebaseAuthServices, profileFromDocument } from './auth/firebaseServices.js';
export { I18nProvider } from './providers/I18nProvider.js';
export { PlatformProvider } from './providers/PlatformProvider.js';
export { mountApp } from './mountApp.js';
export { PageHeader } from './ui/PageHeader.js';
export { RequireAuth, signInPathFor } from './ui/RequireAuth.js';
export * from './federation/contract.js';
export * from './federation/runtimeConfig.js';
export * from './router.js';
export * from './auth/index.js';
