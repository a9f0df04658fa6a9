// Which CatalogueSource the catalogue uses: Firestore unless a test (or a
// standalone mount) provides another.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createFirestoreCatalogueSource, type CatalogueSource } from '../api/catalogue';

const CatalogueSourceContext = createContext<CatalogueSource | null>(null);

export function CatalogueSourceProvider({ source, children }: { source?: CatalogueSource; children: ReactNode }) {
  const [value] = useState<CatalogueSource>(() => source ?? createFirestoreCatalogueSource());
  return <CatalogueSourceContext.Provider value={value}>{children}</CatalogueSourceContext.Provider>;
}

export function useCatalogueSource(): CatalogueSource {
  const source = useContext(CatalogueSourceContext);
  if (!source) throw new Error('useCatalogueSource must be used inside <CatalogueSourceProvider>');
  return source;
}

let defaultSource: CatalogueSource | undefined;

/** The provided source, else the Firestore one: for the builder, which may be mounted without the catalogue's provider. */
export function useCatalogueSourceOrDefault(): CatalogueSource {
  const source = useContext(CatalogueSourceContext);
  defaultSource ??= source ? undefined : createFirestoreCatalogueSource();
  return source ?? (defaultSource as CatalogueSource);
}
