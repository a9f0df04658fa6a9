// Browser entry of @agentflow/shared ('.' and './web'): the Module Federation
// singleton. It holds the web part and the domain modules the singleton has
// always carried; the rest of the domain (workflow, voice, rbac schemas, forms)
// stays behind its own entry so the singleton, which is never tree-shaken,
// does not grow.
export * from './config.js';
export * from './federation/contexts.js';
export { createRequiredContext } from './federation/requiredContext.js';
export * from './firebase/web.js';
export * from './i18n/index.js';
export { addRemoteCatalogs, isLazyCatalogs, lazyCatalogs, loadLazyCatalogs, useRemoteCatalogs, type LazyCatalogs, type NestedTexts, type RemoteCatalogs } from './i18n/remoteCatalogs.js';
export { AppProviders } from './providers/AppProviders.js';
export { AuthProvider, createUserProfile } from './providers/AuthProvider.js';
export { firebaseAuthServices, profileFromDocument } from './auth/firebaseServices.js';
export { I18nProvider } from './providers/I18nProvider.js';
export { PlatformProvider } from './providers/PlatformProvider.js';
export { mountApp } from './mountApp.js';
export { PageHeader } from './ui/PageHeader.js';
export { HelpButton } from './ui/HelpButton.js';
export { HelpProvider } from './help/HelpProvider.js';
export * from './help/topics.js';
export { ToastProvider } from './toast/ToastProvider.js';
export * from './toast/toastStore.js';
export * from './speech/recognition.js';
export { RequireAuth, signInPathFor } from './ui/RequireAuth.js';
export * from '../domain/federation/contract.js';
export * from '../domain/federation/runtimeConfig.js';
export * from './router.js';
export * from '../domain/auth/index.js';
export * from './auth/services.js';
export * from '../domain/rbac/index.js';
export * from '../domain/membership/index.js';
export * from '../domain/billing/index.js';
export { RBACProvider, type RBACProviderProps } from './rbac/RBACProvider.js';
export { Can, type CanProps } from './rbac/Can.js';
export { MembershipProvider, type MembershipProviderProps } from './membership/MembershipProvider.js';
export * from './workspaces/index.js';
export { ApiError, createApiClient, type ApiCall, type ApiClientOptions, type ApiRequest } from './api/apiClient.js';
export { genericErrorMessage, serviceErrorMessage } from './api/errorMessages.js';
export { fileErrorMessage, isStorageFull, refusedField } from './api/fileErrors.js';
export { withReadFallbacks, guestAssignment, type AccessReader } from '../domain/rbac/accessReader.js';
export * from './offline/index.js';
// The request error codes only: the id schema and JSON limits bring zod (22 kB
// gzip) into every first view through this singleton, over the 180 kB budget
// of '/'. Browser code that needs them imports '@agentflow/shared/domain'.
export * from '../domain/validation/errorCodes.js';
